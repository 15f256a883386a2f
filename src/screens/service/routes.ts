import { inGroup } from '../define';
import { customerRoute } from './customer/route';

/** /customer, the in-app chat of a type-1 contact: in the service file with the customer-service popup. */
export const serviceRoutes = inGroup('service', [customerRoute]);

export { Field, type FieldProps } from './Field';
export { Form, type FormProps } from './Form';

export { Uploader, matchesAccept, type UploaderProps, type UploadItem, type UploadRejection } from './Uploader';

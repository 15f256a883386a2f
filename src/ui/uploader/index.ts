export {
  Uploader,
  UploadRefused,
  matchesAccept,
  type Uploaded,
  type UploaderProps,
  type UploadItem,
  type UploadRejection,
} from './Uploader';

export { decideDownload } from './download-target';
export { StoreLinks } from './StoreLinks';

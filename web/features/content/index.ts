export { ContentEditor, publicPath } from './ContentEditor';
export { ContentView } from './ContentView';
export { useContent, useContentByUrl, useContentList } from './use-content';

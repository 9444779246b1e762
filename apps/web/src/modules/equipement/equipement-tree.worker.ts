// The equipment tree's Web Worker (started by equipement-tree-loader.ts): fetches and reads the tree of up to
// 100,000 nodes off the page's thread. Its work is in equipement-tree-reader.ts.
import { type ReaderScope, serveTreeRequests } from './equipement-tree-reader.ts';

serveTreeRequests(self as unknown as ReaderScope);

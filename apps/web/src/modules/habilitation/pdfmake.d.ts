// pdfmake 0.3 ships no types: the part of its browser build this module uses (createPdf → download, promise-based).
declare module 'pdfmake/build/pdfmake' {
  interface PdfDocument {
    download(fileName?: string): Promise<void>;
    getBlob(): Promise<Blob>;
  }
  const pdfMake: {
    addVirtualFileSystem(vfs: Record<string, string>): void;
    setUrlAccessPolicy?(policy: (url: string) => boolean): void;
    createPdf(doc: Record<string, unknown>): PdfDocument;
  };
  export default pdfMake;
}
declare module 'pdfmake/build/vfs_fonts' {
  const vfs: Record<string, string>;
  export default vfs;
}

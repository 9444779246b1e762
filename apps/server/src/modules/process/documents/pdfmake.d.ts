// pdfmake 0.3 ships no types: the part of its Node build (the `pdfmake` singleton) the renderer uses.
declare module 'pdfmake' {
  interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }
  interface VirtualFileSystem {
    existsSync(name: string): boolean;
    writeFileSync(name: string, content: Buffer): void;
    readFileSync(name: string): Buffer;
  }
  const pdfmake: {
    virtualfs: VirtualFileSystem;
    setFonts(fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }>): void;
    setUrlAccessPolicy(policy: (url: string) => boolean): void;
    setLocalAccessPolicy(policy: (path: string) => boolean): void;
    addTableLayouts(layouts: Record<string, Record<string, unknown>>): void;
    createPdf(doc: Record<string, unknown>): OutputDocument;
  };
  export default pdfmake;
}

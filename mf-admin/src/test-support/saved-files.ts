// What the page handed to the browser to save: URL.createObjectURL (which jsdom lacks) and the
// download link's click are replaced until the test ends, and each file saved is kept here.
export interface SavedFile {
  fileName: string;
  data: Blob;
}

const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
afterEach(() => {
  Object.assign(URL, { createObjectURL: realCreate, revokeObjectURL: realRevoke });
  jest.restoreAllMocks();
});

/** Records every file the page saves (in the order saved) until the test ends. */
export function recordSavedFiles(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: (data: Blob) => {
      const url = `blob:saved-${blobs.size}`;
      blobs.set(url, data);
      return url;
    },
    revokeObjectURL: (url: string) => void blobs.delete(url),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const data = blobs.get(this.getAttribute('href') ?? '');
    if (data) saved.push({ fileName: this.download, data });
  });
  return saved;
}

/** A saved file's text. */
export function textOf(data: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(data);
  });
}

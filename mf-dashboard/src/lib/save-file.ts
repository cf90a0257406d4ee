/** Hands a downloaded file to the browser to save, under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has started the download from the URL by now; give it a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

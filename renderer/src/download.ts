/** Hands a file to the browser (or Electron) to save, as a download. */
export function download(fileName: string, mimeType: string, content: string | Uint8Array): void {
  const part: BlobPart = typeof content === 'string' ? content : new Uint8Array(content);
  const url = URL.createObjectURL(new Blob([part], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file the agent made (a report as CSV or PDF): text, or base64 for binary content. */
export function downloadExport(file: {
  fileName: string;
  mimeType: string;
  content: string;
  encoding: 'utf8' | 'base64';
}): void {
  const content =
    file.encoding === 'base64'
      ? Uint8Array.from(atob(file.content), (character) => character.charCodeAt(0))
      : file.content;
  download(file.fileName, file.mimeType, content);
}

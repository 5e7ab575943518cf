/** Offers `blob` to the browser as a download named `filename`. */
export function saveFile(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address after click() returns: free it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves a blob under `fileName` through a temporary object URL and <a download>. */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click returns: let it live a moment.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

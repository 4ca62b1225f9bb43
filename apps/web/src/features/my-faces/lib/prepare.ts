// How a chosen photo is made ready to send: the app hands the swap feature's compressor
// (features never import one another); by default the file goes as it is.
export type PrepareImage = (file: File) => Promise<File>;

export const asIs: PrepareImage = async (file) => file;

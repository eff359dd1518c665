/** Where uploaded files live. Local disk under DATA_DIR by default; an object store can implement the same. */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
  /** Public URL path the file is served from. */
  url(key: string): string;
}

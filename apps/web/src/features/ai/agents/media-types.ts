import type { MediaKind } from './agents-types';

/** What each kind of upload accepts (issue 14 item 5): the file picker's filter and the check before sending. */
export const MEDIA_ACCEPT: Record<MediaKind, { label: string; accept: string; extensions: string[]; hint: string }> = {
  document: {
    label: 'Documents',
    accept: '.pdf,.docx,.txt,.md,.markdown,.csv',
    extensions: ['pdf', 'docx', 'txt', 'md', 'markdown', 'csv'],
    hint: 'PDF, DOCX, TXT, Markdown or CSV',
  },
  image: {
    label: 'Images',
    accept: '.png,.jpg,.jpeg,.webp',
    extensions: ['png', 'jpg', 'jpeg', 'webp'],
    hint: 'PNG, JPEG or WebP',
  },
  scanned: {
    label: 'Scanned images',
    accept: '.png,.jpg,.jpeg,.webp',
    extensions: ['png', 'jpg', 'jpeg', 'webp'],
    hint: 'PNG, JPEG or WebP; its text is read by OCR',
  },
};

/** The sentence shown when a picked file is of a type the kind does not take, or null when it fits. */
export function fileTypeProblem(file: Pick<File, 'name'>, kind: MediaKind): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()?.toLowerCase() : undefined;
  const spec = MEDIA_ACCEPT[kind];
  if (extension && spec.extensions.includes(extension)) return null;
  return `${file.name} is not a file this upload takes: choose ${spec.hint}.`;
}

/** The kind a knowledge upload is stored as, from the file's name. */
export function kindOfFile(file: Pick<File, 'name'>): MediaKind {
  return fileTypeProblem(file, 'image') === null ? 'image' : 'document';
}

/** "12 KB", "1.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** html-to-image's drawing of a DOM node, in a chunk of its own (named for the budgets) that "Capture this page" loads. */
export { toBlob } from 'html-to-image';

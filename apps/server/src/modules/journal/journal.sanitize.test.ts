import { describe, expect, it } from 'vitest';
import { richTextHasText, sanitizeRichText } from './journal.sanitize.js';

const LINK = 'rel="noopener noreferrer nofollow" target="_blank"';

describe('sanitizeRichText', () => {
  it.each([
    [
      'keeps StarterKit’s blocks',
      '<h1>A</h1><h2>B</h2><h3>C</h3><blockquote><p>q</p></blockquote><hr>',
      '<h1>A</h1><h2>B</h2><h3>C</h3><blockquote><p>q</p></blockquote><hr />',
    ],
    [
      'keeps marks and lists',
      '<p><strong>b</strong><em>i</em><s>s</s><code>c</code><br></p><ol><li>1</li></ol>',
      '<p><strong>b</strong><em>i</em><s>s</s><code>c</code><br /></p><ol><li>1</li></ol>',
    ],
    ['drops a script with its text', '<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['drops event handlers and styles', '<p onclick="x()" style="color:red" class="c">t</p>', '<p>t</p>'],
    ['drops a style element with its text', '<style>p{}</style><p>t</p>', '<p>t</p>'],
    ['unwraps tags StarterKit does not make', '<h4>t</h4><div><span>u</span></div>', 'tu'],
    ['drops images and iframes', '<img src=x onerror="a()"><iframe src="https://e.example"></iframe>', ''],
    [
      'keeps an https link, opened safely',
      '<a href="https://e.example/x" title="t">l</a>',
      `<a href="https://e.example/x" ${LINK}>l</a>`,
    ],
    ['keeps a mailto link', '<a href="mailto:a@e.example">m</a>', `<a href="mailto:a@e.example" ${LINK}>m</a>`],
    ['drops a javascript: href', '<a href="javascript:alert(1)">l</a>', `<a ${LINK}>l</a>`],
    ['drops a mixed-case, spaced javascript: href', '<a href=" JaVaScRiPt:alert(1)">l</a>', `<a ${LINK}>l</a>`],
    ['drops a data: href', '<a href="data:text/html,x">l</a>', `<a ${LINK}>l</a>`],
    ['drops a protocol-relative href', '<a href="//e.example">l</a>', `<a ${LINK}>l</a>`],
    ['escapes text', '<p>1 < 2 & 3 > 2</p>', '<p>1 &lt; 2 &amp; 3 &gt; 2</p>'],
  ])('%s', (_name, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });
});

describe('richTextHasText', () => {
  it.each([
    ['', false],
    ['<p></p>', false],
    ['<p>&nbsp; </p><br>', false],
    ['<p><script>x</script></p>', false],
    ['<p>a</p>', true],
  ])('%j -> %s', (html, expected) => {
    expect(richTextHasText(html)).toBe(expected);
  });
});

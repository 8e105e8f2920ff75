// Preloaded into Prism's process by scripts/prism-proxy.mjs (NODE_OPTIONS=--import). Prism 5 puts
// its violations in the sl-violations header as JSON, messages verbatim; a message quoting a
// value outside Latin-1 (an enum of Chinese words: "must be equal to one of the allowed values:
// 互联网, 保险…") makes setHeader throw, and the whole Prism process dies. Such characters are
// written as JSON \u escapes instead: the same JSON, and a valid header.
import http from 'node:http';

const setHeader = http.ServerResponse.prototype.setHeader;
http.ServerResponse.prototype.setHeader = function (name, value) {
  const escaped =
    typeof value === 'string' && String(name).toLowerCase() === 'sl-violations'
      ? value.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      : value;
  return setHeader.call(this, name, escaped);
};

// protocol/PROTOCOL.md as the tests read it: a game's section (the one whose
// heading names its engine id) and the code blocks marked with an info
// string (```json action, ```json session, ...), whose lines are JSON
// values the tests check, so that the page cannot drift from the server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaRoot } from './schemas.mjs';

export const protocolMd = readFileSync(join(schemaRoot, '..', 'PROTOCOL.md'), 'utf8');

/** The section whose heading names `id`, down to the next heading of its level, or null. */
export function sectionOf(id, text = protocolMd) {
  const lines = text.split('\n');
  const level = (l) => (/^#+ /.test(l) ? l.match(/^#+/)[0].length : 0);
  const start = lines.findIndex((l) => level(l) && new RegExp(`\\b${id}\\b`).test(l));
  if (start < 0) return null;
  const end = lines.findIndex((l, i) => i > start && level(l) && level(l) <= level(lines[start]));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** The blocks opened by ```<info> in text, each as its list of non-empty lines. */
export function codeBlocks(text, info) {
  const blocks = [];
  let block = null;
  for (const line of text.split('\n')) {
    if (block === null && line === `\`\`\`${info}`) block = [];
    else if (block !== null && line === '```') {
      blocks.push(block);
      block = null;
    } else if (block !== null && line.trim()) block.push(line);
  }
  return blocks;
}

/** Every line of the ```json <tag> blocks in text, parsed. */
export function jsonExamples(text, tag) {
  return codeBlocks(text, `json ${tag}`).flat().map((line) => JSON.parse(line));
}

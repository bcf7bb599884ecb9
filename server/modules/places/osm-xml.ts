import type { Readable } from 'node:stream';

/**
 * A streaming reader for OpenStreetMap XML. OSM's format is flat and simple
 * (`<node id lat lon>` with `<tag k v/>`, `<way id>` with `<nd ref/>` and tags, `<relation>`),
 * so a small tokenizer over the text stream is enough and keeps a city-size extract out of
 * memory: only one element is held at a time. No new package (Node built-ins only).
 */

export interface OsmNode {
  type: 'node';
  id: number;
  lat: number;
  lon: number;
  tags: Map<string, string>;
}

export interface OsmWay {
  type: 'way';
  id: number;
  refs: number[];
  tags: Map<string, string>;
}

export type OsmElement = OsmNode | OsmWay;

const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const decode = (value: string) =>
  value.includes('&')
    ? value.replace(ENTITY, (_, hex: string, dec: string, name: string) =>
        hex
          ? String.fromCodePoint(Number.parseInt(hex, 16))
          : dec
            ? String.fromCodePoint(Number(dec))
            : (NAMED[name.toLowerCase()] ?? ''),
      )
    : value;

const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attributes(tag: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const match of tag.matchAll(ATTRIBUTE)) {
    result.set(match[1] as string, decode(match[2] ?? match[3] ?? ''));
  }
  return result;
}

const numberOf = (value: string | undefined) => (value === undefined ? Number.NaN : Number(value));

/** Yields every node and way of an OSM XML stream in document order; relations are skipped. */
export async function* readOsm(input: Readable): AsyncGenerator<OsmElement> {
  input.setEncoding('utf8');
  let buffer = '';
  let current: OsmElement | null = null;
  for await (const chunk of input as AsyncIterable<string>) {
    buffer += chunk;
    let position = 0;
    for (;;) {
      const start = buffer.indexOf('<', position);
      if (start < 0) {
        position = buffer.length;
        break;
      }
      const end = buffer.indexOf('>', start);
      if (end < 0) {
        position = start;
        break;
      }
      position = end + 1;
      const tag = buffer.slice(start + 1, end);
      const first = tag.charCodeAt(0);
      // '?', '!' (declarations, comments): nothing to read.
      if (first === 63 || first === 33) continue;
      if (first === 47) {
        // A closing tag ends the element it names.
        const name = tag.slice(1).trim();
        if (current && name === current.type) {
          yield current;
          current = null;
        }
        continue;
      }
      const selfClosing = tag.endsWith('/');
      const name = /^[\w:-]+/.exec(tag)?.[0];
      if (name === 'node' || name === 'way') {
        const attrs = attributes(tag);
        const id = numberOf(attrs.get('id'));
        if (!Number.isSafeInteger(id)) continue;
        const element: OsmElement =
          name === 'node'
            ? {
                type: 'node',
                id,
                lat: numberOf(attrs.get('lat')),
                lon: numberOf(attrs.get('lon')),
                tags: new Map(),
              }
            : { type: 'way', id, refs: [], tags: new Map() };
        if (selfClosing) yield element;
        else current = element;
      } else if (name === 'tag' && current) {
        const attrs = attributes(tag);
        const key = attrs.get('k');
        if (key !== undefined) current.tags.set(key, attrs.get('v') ?? '');
      } else if (name === 'nd' && current?.type === 'way') {
        const ref = numberOf(attributes(tag).get('ref'));
        if (Number.isSafeInteger(ref)) current.refs.push(ref);
      }
    }
    buffer = buffer.slice(position);
  }
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { PLAN_TILE_SIZE_PX, type GeoBounds, type TileMapResource } from '@vigil/domain';

/** Metres a pixel at zoom 0 on the equator, as gdal2tiles writes units-per-pixel. */
const ZOOM0_METRES_PER_PX = 156543.0339;

/**
 * SPEC §7: a plan's tilemapresource, giving the bounds its tiles cover. Written twice beside the
 * tiles: `tilemapresource.xml` as gdal2tiles (GDAL 3.6, mercator profile) writes it, bounds in
 * degrees (minx west, miny south, maxx east, maxy north), and `tilemapresource.json`, the domain's
 * TileMapResource, for a console that would rather not parse XML. Tiles are XYZ (y down from the north).
 */
export async function writeTileMapResource(
  dir: string,
  title: string,
  resource: { bounds: GeoBounds; minZoom: number; maxZoom: number },
): Promise<void> {
  const json: TileMapResource = { ...resource, bounds: [...resource.bounds], tileSize: PLAN_TILE_SIZE_PX };
  await fs.writeFile(path.join(dir, 'tilemapresource.json'), JSON.stringify(json));
  await fs.writeFile(path.join(dir, 'tilemapresource.xml'), tileMapXml(title, resource));
}

function tileMapXml(
  title: string,
  { bounds, minZoom, maxZoom }: { bounds: GeoBounds; minZoom: number; maxZoom: number },
) {
  const [west, south, east, north] = bounds.map((n) => n.toFixed(14));
  const size = PLAN_TILE_SIZE_PX;
  const sets = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    sets.push(
      `      <TileSet href="${z}" units-per-pixel="${(ZOOM0_METRES_PER_PX / 2 ** z).toFixed(14)}" order="${z}"/>`,
    );
  }
  return `<?xml version="1.0" encoding="utf-8"?>
<TileMap version="1.0.0" tilemapservice="http://tms.osgeo.org/1.0.0">
  <Title>${escapeXml(title)}</Title>
  <Abstract></Abstract>
  <SRS>EPSG:3857</SRS>
  <BoundingBox minx="${west}" miny="${south}" maxx="${east}" maxy="${north}"/>
  <Origin x="${west}" y="${south}"/>
  <TileFormat width="${size}" height="${size}" mime-type="image/png" extension="png"/>
  <TileSets profile="mercator">
${sets.join('\n')}
  </TileSets>
</TileMap>
`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

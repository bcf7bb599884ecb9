import type { Point, Polygon } from 'geojson';
import { useEffect, useRef, useState } from 'react';
import {
  type GeoJSONStoreFeatures,
  type HexColor,
  TerraDraw,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { useMapHandle } from '../../../map/map-context';

/** What the map edits now: a shape to draw from scratch, or one to change. */
export interface DrawTask {
  /** A new key starts over: whatever is on the drawing layer goes, `initial` is loaded. */
  key: string;
  geometry: 'polygon' | 'point';
  /** The saved shape to edit; null to draw a new one (polygon: click corners; point: one click). */
  initial: Polygon | Point | null;
}

interface DrawLayerProps {
  task: DrawTask | null;
  /** The shape after every change: a finished drawing, a corner dragged, added or removed. */
  onChange: (geometry: Polygon | Point) => void;
}

const EDIT_COLOR: HexColor = '#e8590c';
const WHITE: HexColor = '#ffffff';

type FeatureId = string | number;

/**
 * The zone editor's drawing on the map (a maintained drawing library, not hand-made
 * vertex editing): terra-draw with its MapLibre adapter. A polygon is drawn by clicking its
 * corners and closed by clicking the first or the last corner again (or Enter); a point by one
 * click. The shape is then selected: corners are dragged, a click on the dot in the middle of
 * an edge adds a corner there, a right-click on a corner removes it (never below three), and a
 * drag that would make the edges cross is refused by terra-draw itself.
 * Esc and leaving are the page's: terra-draw's own keys are off so the two never disagree.
 */
export function DrawLayer({ task, onChange }: DrawLayerProps) {
  const { map, isRemoved } = useMapHandle();
  const [draw, setDraw] = useState<TerraDraw | null>(null);
  const report = useRef(onChange);
  report.current = onChange;
  // The shape this task is about once it exists (the drawn or loaded feature).
  const current = useRef<FeatureId | null>(null);

  useEffect(() => {
    const instance = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawPolygonMode({
          keyEvents: { cancel: null, finish: 'Enter' },
          styles: {
            fillColor: EDIT_COLOR,
            fillOpacity: 0.15,
            outlineColor: EDIT_COLOR,
            outlineWidth: 2,
            closingPointColor: WHITE,
            closingPointOutlineColor: EDIT_COLOR,
            closingPointWidth: 6,
            closingPointOutlineWidth: 2,
          },
        }),
        new TerraDrawPointMode({
          styles: {
            pointColor: EDIT_COLOR,
            pointWidth: 7,
            pointOutlineColor: WHITE,
            pointOutlineWidth: 2,
          },
        }),
        new TerraDrawSelectMode({
          // The page decides what is being edited: a click beside the shape keeps it selected.
          allowManualDeselection: false,
          allowManualSelection: false,
          keyEvents: null,
          flags: {
            polygon: {
              feature: {
                coordinates: { draggable: true, midpoints: true, deletable: true },
              },
            },
            point: { feature: { draggable: true } },
          },
          styles: {
            selectedPolygonColor: EDIT_COLOR,
            selectedPolygonFillOpacity: 0.18,
            selectedPolygonOutlineColor: EDIT_COLOR,
            selectedPolygonOutlineWidth: 2,
            selectionPointColor: WHITE,
            selectionPointOutlineColor: EDIT_COLOR,
            selectionPointWidth: 6,
            selectionPointOutlineWidth: 2,
            midPointColor: EDIT_COLOR,
            midPointOutlineColor: WHITE,
            midPointWidth: 4,
            midPointOutlineWidth: 1,
            selectedPointColor: EDIT_COLOR,
            selectedPointWidth: 7,
            selectedPointOutlineColor: WHITE,
            selectedPointOutlineWidth: 2,
          },
        }),
      ],
    });
    instance.start();

    const emit = (id: FeatureId) => {
      const geometry = instance.getSnapshotFeature(id)?.geometry;
      if (geometry?.type === 'Polygon' || geometry?.type === 'Point') report.current(geometry);
    };
    const handleFinish = (id: FeatureId) => {
      const mode = instance.getMode();
      if (mode !== 'polygon' && mode !== 'point') return;
      current.current = id;
      emit(id);
      // Not inside terra-draw's own finish handling: the drawing mode is still closing.
      setTimeout(() => {
        if (instance.enabled && instance.hasFeature(id)) instance.selectFeature(id);
      }, 0);
    };
    const handleChange = (ids: FeatureId[], type: string) => {
      const id = current.current;
      if (id === null || type === 'delete' || !ids.includes(id)) return;
      emit(id);
    };
    instance.on('finish', handleFinish);
    instance.on('change', handleChange);
    setDraw(instance);
    return () => {
      instance.off('finish', handleFinish);
      instance.off('change', handleChange);
      setDraw(null);
      current.current = null;
      // The map went first (React cleans parents first): its layers went with it.
      if (!isRemoved()) instance.stop();
    };
  }, [map, isRemoved]);

  const initial = useRef(task?.initial ?? null);
  initial.current = task?.initial ?? null;
  const key = task?.key ?? null;
  const geometry = task?.geometry ?? null;

  useEffect(() => {
    if (!draw) return;
    current.current = null;
    draw.setMode('static');
    draw.clear();
    if (key === null || geometry === null) return;
    const shape = initial.current;
    if (!shape) {
      draw.setMode(geometry);
      return;
    }
    const id = draw.getFeatureId();
    const feature: GeoJSONStoreFeatures = {
      id,
      type: 'Feature',
      geometry: shape,
      properties: { mode: geometry },
    };
    const [result] = draw.addFeatures([feature]);
    if (!result?.valid) {
      // A saved shape terra-draw refuses (it should not happen: the server validated it):
      // drawing it again is the way out, and the form says the outline is missing.
      draw.setMode(geometry);
      return;
    }
    current.current = id;
    draw.selectFeature(id);
  }, [draw, key, geometry]);

  return null;
}

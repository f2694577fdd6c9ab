import { describe, expect, it } from 'vitest';
import { catalogFilters } from './asset-states';

const AREA = '6f1c1d0e-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

describe("the catalog's address", () => {
  it('reads the search, the area, the state and the page', () => {
    expect(catalogFilters(new URLSearchParams(`q=%20sierra%20&area=${AREA}&estado=detenido&pagina=3`))).toEqual({
      q: 'sierra',
      area: AREA,
      estado: 'detenido',
      page: 3,
    });
  });

  it('ignores what is not a filter it knows', () => {
    expect(catalogFilters(new URLSearchParams('area=cocina&estado=roto&pagina=-2'))).toEqual({
      q: '',
      area: null,
      estado: null,
      page: 1,
    });
    expect(catalogFilters(new URLSearchParams('pagina=1.5')).page).toBe(1);
  });
});

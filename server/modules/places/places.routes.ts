import {
  addPlace,
  deletePlace,
  geocodePlaceOld,
  getPlaceDetailsNew,
  getPlaceDetailsOld,
  searchPlacesNew,
  searchPlacesOld,
} from '@common/places/places.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { PlacesService } from './places.service';

const access = { roles: CONSOLE_ROLES };

/** Address service under /geo (a plugin of the same process). */
export function placesRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  places: PlacesService,
) {
  app.addHook('onClose', async () => places.close());
  route(app, authenticate, searchPlacesNew, access, ({ auth, body }) =>
    places.searchNew(auth, body),
  );
  route(app, authenticate, getPlaceDetailsNew, access, ({ auth, params }) =>
    places.details(auth, params.id),
  );
  route(app, authenticate, addPlace, access, ({ auth, body }) => places.add(auth, body));
  route(app, authenticate, deletePlace, access, ({ auth, params }) =>
    places.remove(auth, params.id),
  );
  route(app, authenticate, searchPlacesOld, access, ({ auth, query }) =>
    places.searchOld(auth, query),
  );
  route(app, authenticate, getPlaceDetailsOld, access, ({ auth, query }) =>
    places.detailsOld(auth, query.place_id),
  );
  route(app, authenticate, geocodePlaceOld, access, ({ auth, query }) =>
    places.detailsOld(auth, query.place_id),
  );
}

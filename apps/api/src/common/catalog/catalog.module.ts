import { Controller, Inject, type ModuleMetadata, type Provider, type Type } from '@nestjs/common';
import type { RouteDescriptor, UuidParam } from '@gestar/contracts';
import { Db } from '../../database/db';
import type { Tables } from '../../database/rows';
import { sql } from '../../database/sql';
import { Endpoint, ValidBody, ValidParams, ValidQuery } from '../auth/decorators';
import {
  type CatalogListQuery,
  CatalogRepository,
  type CatalogRow,
  type CatalogTable,
  type CatalogWrite,
} from './catalog.repository';
import { CatalogService } from './catalog.service';

/** The contract routes of a catalog; `get` is absent where SPEC.md has no single-record read (statuses). */
export interface CatalogRoutes {
  list: RouteDescriptor;
  get?: RouteDescriptor;
  create: RouteDescriptor;
  update: RouteDescriptor;
  remove: RouteDescriptor;
}

/** One catalog, end to end: its table, its routes and the 409 text of a delete while in use. */
export interface CatalogDefinition<Row extends CatalogRow> extends CatalogTable<Row> {
  /** The name in code (`TaskTypes`): names the controller and the service's injection token. */
  name: string;
  routes: CatalogRoutes;
  inUseMessage: string;
  /** The 404 of an unknown id, naming the record («El área no existe o fue eliminada»). */
  goneMessage: string;
}

/**
 * Every field of a catalog's answer is a column of its table, by name: a column renamed by a
 * migration (and the regenerated schema types) fails the typecheck of the catalog that names it.
 */
type ColumnsOf<T extends keyof Tables, Row> = { [K in keyof Row]: K extends keyof Tables[T] ? Row[K] : never };

export function defineCatalog<T extends keyof Tables, Row extends CatalogRow & ColumnsOf<T, Row>>(
  tableName: T,
  definition: Omit<CatalogDefinition<Row>, 'table'>,
): CatalogDefinition<Row> {
  return { ...definition, table: sql.ident(tableName, [tableName]) };
}

/** Injection token of a catalog's service. */
export function catalogToken(definition: CatalogDefinition<CatalogRow>): string {
  return `${definition.name}CatalogService`;
}

/** Use with `@InjectCatalog(DEFINITION) service: CatalogService<Row>`. */
export function InjectCatalog<Row extends CatalogRow>(definition: CatalogDefinition<Row>) {
  return Inject(catalogToken(definition as CatalogDefinition<CatalogRow>));
}

export function catalogProvider<Row extends CatalogRow>(definition: CatalogDefinition<Row>): Provider {
  return {
    provide: catalogToken(definition as CatalogDefinition<CatalogRow>),
    useFactory: (db: Db) =>
      new CatalogService<Row>(new CatalogRepository<Row>(db, definition), definition.inUseMessage, definition.unique, definition.goneMessage),
    inject: [Db],
  };
}

const notARoute: MethodDecorator = () => undefined;

/** A controller serving the catalog's contract routes; each handler is one call to the service. */
export function catalogController<Row extends CatalogRow>(definition: CatalogDefinition<Row>): Type {
  const { routes } = definition;
  const getEndpoint = routes.get ? Endpoint(routes.get) : notARoute;

  @Controller()
  class CatalogController {
    constructor(@InjectCatalog(definition) private readonly catalog: CatalogService<Row>) {}

    @Endpoint(routes.list)
    list(@ValidQuery() q: CatalogListQuery) {
      return this.catalog.list({ page: q.page, limit: q.limit, nombre: q.nombre });
    }

    @getEndpoint
    get(@ValidParams() p: UuidParam) {
      return this.catalog.get(p.id);
    }

    @Endpoint(routes.create)
    create(@ValidBody() body: CatalogWrite<Row>) {
      return this.catalog.create(body);
    }

    @Endpoint(routes.update)
    update(@ValidParams() p: UuidParam, @ValidBody() body: CatalogWrite<Row>) {
      return this.catalog.update(p.id, body);
    }

    @Endpoint(routes.remove)
    remove(@ValidParams() p: UuidParam) {
      return this.catalog.remove(p.id);
    }
  }
  Object.defineProperty(CatalogController, 'name', { value: `${definition.name}Controller` });
  return CatalogController;
}

/** The whole module of a catalog that has nothing but its CRUD. */
export function catalogModule<Row extends CatalogRow>(definition: CatalogDefinition<Row>): ModuleMetadata {
  const provider = catalogProvider(definition);
  return { controllers: [catalogController(definition)], providers: [provider], exports: [provider] };
}

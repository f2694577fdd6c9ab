import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface RoleRow {
  uuid: string;
  nombre: string;
  permisos: string[];
}

@Injectable()
export class RolesRepository {
  constructor(private readonly ds: DataSource) {}

  /** Every role, by name (there are a handful: paging happens in memory after the grant filter). */
  all(): Promise<RoleRow[]> {
    return this.ds.query(`SELECT uuid, nombre, permisos FROM roles ORDER BY lower(nombre), uuid`);
  }
}

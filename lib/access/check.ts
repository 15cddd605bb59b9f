/**
 * The one place privileges are decided, for SQL statements and REST endpoints alike. A role acts
 * with every role it inherits (ACCOUNTADMIN ⊃ SYSADMIN ⊃ PUBLIC by default) plus PUBLIC, which
 * every user and role holds. A role holding ACCOUNTADMIN may do anything; otherwise a privilege
 * comes from owning the object (OWNERSHIP implies every privilege on it) or from a grant.
 */
import type { Catalog } from '@/lib/catalog/catalog';
import { accessErrors } from './errors';
import { grantKind, OWNERSHIP, type Securable } from './objects';

const cache = new WeakMap<Catalog, Map<string, Access>>();

export class Access {
  /** The active role and every role it inherits, PUBLIC included. */
  readonly roles: Set<string>;
  readonly admin: boolean;
  /** Privileges by `kind\0id`: the privileges the roles were granted on that object. */
  private readonly granted = new Map<string, Set<string>>();

  private constructor(catalog: Catalog, readonly role: string) {
    this.roles = new Set([...catalog.rolesUnder(role), 'PUBLIC']);
    this.admin = this.roles.has('ACCOUNTADMIN');
    for (const g of catalog.grants) {
      if (!this.roles.has(g.grantee)) continue;
      const key = `${g.objectKind}\u0000${g.objectId}`;
      let set = this.granted.get(key);
      if (!set) this.granted.set(key, (set = new Set()));
      set.add(g.privilege);
    }
  }

  /** The access of a role over a catalog (cached per catalog copy: a reload makes a new one). */
  static of(catalog: Catalog, role: string | null): Access {
    const whole = catalog.unfiltered;
    let byRole = cache.get(whole);
    if (!byRole) cache.set(whole, (byRole = new Map()));
    const r = role ?? 'PUBLIC';
    let a = byRole.get(r);
    if (!a) byRole.set(r, (a = new Access(whole, r)));
    return a;
  }

  private privilegesOn(o: Securable): Set<string> | undefined {
    return this.granted.get(`${grantKind(o.kind)}\u0000${o.id}`);
  }

  owns(o: Securable): boolean {
    return this.admin || (o.owner !== null && this.roles.has(o.owner)) || !!this.privilegesOn(o)?.has(OWNERSHIP);
  }

  has(privilege: string, o: Securable): boolean {
    return this.owns(o) || !!this.privilegesOn(o)?.has(privilege);
  }

  /** The role holds some privilege on the object: it may see that it exists. */
  sees(o: Securable): boolean {
    return this.owns(o) || (this.privilegesOn(o)?.size ?? 0) > 0;
  }

  /** Throws 003001 when the role sees the object without the privilege, 002003 when it cannot see it. */
  require(privilege: string, o: Securable): void {
    if (this.has(privilege, o)) return;
    if (o.kind === 'ACCOUNT' || this.sees(o)) throw accessErrors.denied(o.kind, o.name);
    throw accessErrors.missing(o.kind === 'TABLE' || o.kind === 'VIEW' ? 'Object' : titleCase(o.kind), o.kind === 'TABLE' || o.kind === 'VIEW' ? o.qualified : o.name);
  }
}

const titleCase = (k: string) => k[0] + k.slice(1).toLowerCase();

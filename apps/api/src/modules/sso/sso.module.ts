import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { LdapService } from './ldap.service';
import { OidcRepository } from './oidc.repository';
import { OidcService } from './oidc.service';
import { SsoController } from './sso.controller';
import { DirectoryLinksController } from './directory-links.controller';
import { DirectoryLinksService } from './directory-links.service';

/** Company sign-in: LDAP for the login form, OpenID Connect for 'Ingresar con ...'. */
@Module({
  imports: [AuthModule, UsersModule],
  controllers: [SsoController, DirectoryLinksController],
  providers: [LdapService, OidcService, OidcRepository, DirectoryLinksService],
  exports: [LdapService, OidcService],
})
export class SsoModule {}

import { Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  RegisterTerminalRequest,
  ResetPinRequest,
  SetOwnPinRequest,
  TERMINALS_ROUTES,
  TerminalListQuery,
  TerminalPeopleQuery,
  TerminalSignInRequest,
  UpdateTerminalRequest,
  UuidParam,
} from '@gestar/contracts';
import { CurrentTerminal, CurrentUser, Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import type { TerminalDevice } from '../../common/auth/terminal-state.service';
import { TerminalsService } from './terminals.service';
import { WallStream } from './wall-stream';

/** Shared terminals (issue 34): registration, PINs, PIN sign-in, the terminal session and the wall board. */
@Controller()
export class TerminalsController {
  constructor(
    private readonly terminals: TerminalsService,
    private readonly wallStream: WallStream,
  ) {}

  @Endpoint(TERMINALS_ROUTES.register)
  register(@CurrentUser() user: AuthUser, @ValidBody() body: RegisterTerminalRequest) {
    return this.terminals.register(user, body);
  }

  @Endpoint(TERMINALS_ROUTES.list)
  list(@CurrentUser() user: AuthUser, @ValidQuery() q: TerminalListQuery) {
    return this.terminals.list(user, q);
  }

  @Endpoint(TERMINALS_ROUTES.current)
  current(@CurrentTerminal() device: TerminalDevice) {
    return this.terminals.current(device);
  }

  @Endpoint(TERMINALS_ROUTES.people)
  people(@CurrentTerminal() device: TerminalDevice, @ValidQuery() q: TerminalPeopleQuery) {
    return this.terminals.people(device, q);
  }

  @Endpoint(TERMINALS_ROUTES.wall)
  wall(@CurrentTerminal() device: TerminalDevice) {
    return this.terminals.wall(device);
  }

  @Endpoint(TERMINALS_ROUTES.wallTicket)
  wallTicket(@CurrentTerminal() device: TerminalDevice) {
    return this.terminals.wallTicket(device);
  }

  @Endpoint(TERMINALS_ROUTES.wallEvents)
  wallEvents(@CurrentTerminal() device: TerminalDevice, @Res() res: Response): void {
    this.wallStream.open(device, res);
  }

  @Endpoint(TERMINALS_ROUTES.signIn)
  signIn(@CurrentTerminal() device: TerminalDevice, @ValidBody() body: TerminalSignInRequest, @Req() req: Request) {
    return this.terminals.signIn(device, body, { ip: req.ip ?? null, agent: req.get('user-agent') ?? null });
  }

  @Endpoint(TERMINALS_ROUTES.session)
  session(@CurrentUser() user: AuthUser) {
    return this.terminals.session(user);
  }

  @Endpoint(TERMINALS_ROUTES.endSession)
  endSession(@CurrentUser() user: AuthUser) {
    return this.terminals.endSession(user);
  }

  @Endpoint(TERMINALS_ROUTES.myPin)
  myPin(@CurrentUser() user: AuthUser) {
    return this.terminals.myPin(user);
  }

  @Endpoint(TERMINALS_ROUTES.setMyPin)
  setMyPin(@CurrentUser() user: AuthUser, @ValidBody() body: SetOwnPinRequest) {
    return this.terminals.setMyPin(user, body);
  }

  @Endpoint(TERMINALS_ROUTES.resetPin)
  resetPin(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidBody() body: ResetPinRequest) {
    return this.terminals.resetPin(user, p.id, body);
  }

  @Endpoint(TERMINALS_ROUTES.unlockPin)
  unlockPin(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.terminals.unlockPin(user, p.id);
  }

  @Endpoint(TERMINALS_ROUTES.update)
  update(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidBody() body: UpdateTerminalRequest) {
    return this.terminals.update(user, p.id, body);
  }

  @Endpoint(TERMINALS_ROUTES.revoke)
  revoke(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.terminals.revoke(user, p.id);
  }
}

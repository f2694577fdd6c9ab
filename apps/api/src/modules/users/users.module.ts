import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { DirectoryUsersService } from './directory-users.service';

@Module({
  imports: [AuthModule, NotificationsModule],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, DirectoryUsersService],
  exports: [UsersService, UsersRepository, DirectoryUsersService],
})
export class UsersModule {}

// GET /app/api/me and GET /app/api/users/{uid}/personaldata (own uid, or an
// operator's; the guard answers 404 for anyone else's), plus the default avatar.
import type { FastifyInstance } from 'fastify';
import type { MeResponse, UserProfile } from '@visage/contracts';
import { assertReadableUid, requireUser } from '../auth/guards.ts';
import { DEFAULT_AVATAR_PATH } from './profile.ts';
import type { UsersService } from './service.ts';

// A neutral head-and-shoulders silhouette.
const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" role="img" aria-label="avatar">
<rect width="128" height="128" rx="64" fill="#d9e4dd"/>
<circle cx="64" cy="50" r="24" fill="#8aa39b"/>
<path d="M20 112c6-24 24-36 44-36s38 12 44 36" fill="#8aa39b"/>
</svg>`;

export async function usersRoutes(app: FastifyInstance, users: UsersService): Promise<void> {
  app.get('/app/api/me', { config: { auth: 'user' } }, async (req, reply): Promise<MeResponse> => {
    reply.header('Cache-Control', 'no-store');
    return users.me(requireUser(req).uid);
  });

  app.get<{ Params: { uid: string } }>('/app/api/users/:uid/personaldata', { config: { auth: 'user' } }, async (req, reply): Promise<UserProfile> => {
    reply.header('Cache-Control', 'no-store');
    assertReadableUid(req, req.params.uid);
    return users.personalData(req.params.uid);
  });

  app.get(DEFAULT_AVATAR_PATH, { config: { auth: 'public' } }, async (_req, reply) =>
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(DEFAULT_AVATAR_SVG),
  );
}

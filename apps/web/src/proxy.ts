// Before any user-center page renders: a visitor without a session cookie goes straight to the
// login with the way back (spec 02 §4), and the layout learns the requested path (a layout is
// not told its pathname) so that its own server-side gate can redirect with it.
import { COOKIE } from '@apimarket/contracts';
import { type NextRequest, NextResponse } from 'next/server';
import { UC_PATH_HEADER } from './lib/user-center';

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const target = `${pathname}${search}`;
  if (!request.cookies.get(COOKIE.token)?.value) {
    const login = new URL('/login', request.url);
    login.searchParams.set('redirect', target);
    return NextResponse.redirect(login);
  }
  const headers = new Headers(request.headers);
  headers.set(UC_PATH_HEADER, target);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ['/userCenter', '/userCenter/:path*'] };

// Before a page renders:
// - a browser the site cannot serve is shown /ie (switch to a modern browser or speed mode);
// - a visitor of the user center without a session cookie goes straight to the login with the
//   way back (spec 02 §4), and the user-center layout learns the requested path (a layout is not
//   told its pathname) so that its own server-side gate can redirect with it.
import { COOKIE } from '@apimarket/contracts';
import { type NextRequest, NextResponse } from 'next/server';
import { isUnsupportedBrowser } from './lib/browser-support';
import { UC, UC_PATH_HEADER } from './lib/user-center';

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (isUnsupportedBrowser(request.headers.get('user-agent'))) {
    return NextResponse.redirect(new URL('/ie', request.url));
  }
  if (pathname !== UC && !pathname.startsWith(`${UC}/`)) return NextResponse.next();

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

// Pages only: not /ie itself, the API forwarder, Next's assets, or files with an extension.
export const config = { matcher: ['/((?!ie$|apiHome|_next|__wire|.*\\.[a-zA-Z0-9]+$).*)'] };

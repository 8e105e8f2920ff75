// Next's ambient types (CSS Modules, images) for the workspace typecheck, which runs before any
// build has written next-env.d.ts.
/// <reference types="next" />
/// <reference types="next/image-types/global" />

/** The HTTP API renders the one catalogue both transports share (pkg/api/universal/errors.ts). */
export { ApiError, Errors } from "../universal/errors.js";

// The names and types the server and this app's server rendering share; the server owns them.
export {
  COLOR_MODE_COOKIE,
  SERVER_STATE_ELEMENT_ID,
  SESSION_HINT_COOKIE,
  type ColorMode,
  type PageRenderer,
  type PageRequest,
  type RenderedPage,
} from '../../../backend/src/spa/page-contract';

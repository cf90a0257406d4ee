// What every frontend gets when it imports 'react-router-dom': the client-side router API it
// uses, from react-router's production build. Module federation cannot tree-shake a shared
// package (any remote may use any export), and react-router 7 is mostly server, data-router
// and framework code the study never runs; sharing this module instead of the whole package
// keeps one router per page at a fraction of the weight. webpack resolves 'react-router' here
// to dist/production (see index.js). A name the frontends import must be listed here; the
// federation config test checks every import in the frontends' sources against this list.
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  resolvePath,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';

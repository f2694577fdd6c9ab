/**
 * Every Mantine component's styles, in the `mantine` cascade layer: imported by the lazy chunks
 * that render screens (the sign-in pages, the logged-in shell, toasts, the update prompt), so the
 * first load carries only what the loader and the route error show (app/main.tsx). In a layer,
 * the app's own CSS wins over Mantine's whatever order the chunks' styles arrive in.
 */
import '@mantine/core/styles.layer.css';

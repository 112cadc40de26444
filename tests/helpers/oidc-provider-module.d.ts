// oidc-provider ships no type declarations; the test helper uses a small part of it.
declare module 'oidc-provider' {
  const Provider: any;
  export default Provider;
}

/**
 * An answer already serialised to JSON (large product pages are assembled from cached JSON
 * fragments). The serializer sends it as it is; in development and tests it is parsed and
 * checked against the route's response schema like any other answer.
 */
export class RawJson {
  constructor(readonly json: string) {}
}

/** Split tests: POST /test-group `key`, `values`. */

/** The visitor's variant of a split test; sticky per visitor. */
export interface TestGroupAssignment {
  /** the test's name */
  key: string
  /** the assigned variant */
  value: string
}

/** data of POST /test-group. */
export interface TestGroupResult {
  test: TestGroupAssignment
}

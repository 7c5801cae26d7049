package io.browserflow.testkit;

/** A deadline in virtual time and the timeout it came from (for messages). */
record Deadline(long at, long millis) {}

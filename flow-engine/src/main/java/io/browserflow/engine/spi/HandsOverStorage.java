package io.browserflow.engine.spi;

/**
 * A {@link DriverSession} that can hand over its cookies and local storage, so other sessions start
 * signed in ({@link SessionOptions#storageState()}): a reused sign-in needs it.
 */
public interface HandsOverStorage {

  /** The session's cookies and local storage now. */
  StorageState storageState();
}

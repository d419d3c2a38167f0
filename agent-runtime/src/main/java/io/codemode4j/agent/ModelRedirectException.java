package io.codemode4j.agent;

import java.io.IOException;
import java.net.URI;
import org.jspecify.annotations.Nullable;

/**
 * A model server answered a redirect, which the models of {@link ModelProviders} never follow (a
 * request carries the API key, and a redirect could send it elsewhere): the status and where it
 * pointed, so that the base URL can be corrected. It is the cause of the exception the chat model
 * throws.
 */
public final class ModelRedirectException extends IOException {

  private static final long serialVersionUID = 1L;

  private final int status;
  private final @Nullable String location;

  /**
   * @param status the 3xx status
   * @param location the {@code Location} header as the server sent it, null when it sent none; kept
   *     without user information, query or fragment, which may carry credentials
   */
  public ModelRedirectException(int status, @Nullable String location) {
    super(message(status, shown(location)));
    this.status = status;
    this.location = shown(location);
  }

  /** The status, where the redirect pointed and the fix, in words a user can read. */
  @Override
  public String getMessage() {
    return message(status, location);
  }

  /** The 3xx status the server answered. */
  public int status() {
    return status;
  }

  /**
   * Where the redirect pointed, without user information, query or fragment; null when the server
   * named no location or one that is not a URL.
   */
  public @Nullable String location() {
    return location;
  }

  private static String message(int status, @Nullable String location) {
    return "the model server answered "
        + status
        + (location == null ? ", a redirect without a location" : ", a redirect to " + location)
        + ", which is not followed: give the base URL it redirects to";
  }

  private static @Nullable String shown(@Nullable String location) {
    if (location == null || location.isBlank()) {
      return null;
    }
    try {
      URI uri = URI.create(location.strip());
      return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), uri.getPath(), null, null)
          .toString();
    } catch (IllegalArgumentException | java.net.URISyntaxException e) {
      return null;
    }
  }
}

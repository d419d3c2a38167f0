package io.codemode4j.agent;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.InetAddress;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The JDK HTTP client the models of {@link ModelProviders} talk through, which turns a redirect
 * into a {@link ModelRedirectException} naming where it pointed.
 *
 * <p>Decided: LangChain4j's JDK client reports a non-2xx answer with its status and body alone, and
 * a redirect's body is usually empty, so the {@code Location} header, the one thing that says how
 * to fix the base URL, would be lost; this client sees the response before LangChain4j does.
 * Redirects stay unfollowed ({@link HttpClient.Redirect#NEVER}, the JDK's default).
 */
final class RedirectNamingClient extends HttpClient {

  private final HttpClient delegate;

  private RedirectNamingClient(HttpClient delegate) {
    this.delegate = delegate;
  }

  /**
   * A builder of this client over the JDK's own, for LangChain4j's {@code JdkHttpClientBuilder}.
   */
  static HttpClient.Builder builder() {
    return new Builder(HttpClient.newBuilder());
  }

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
      throws IOException, InterruptedException {
    return refuseRedirect(delegate.send(request, handler));
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    return delegate
        .sendAsync(request, handler)
        .thenApply(RedirectNamingClient::refuseRedirectAsync);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(
      HttpRequest request,
      HttpResponse.BodyHandler<T> handler,
      HttpResponse.PushPromiseHandler<T> pushes) {
    return delegate
        .sendAsync(request, handler, pushes)
        .thenApply(RedirectNamingClient::refuseRedirectAsync);
  }

  private static <T> HttpResponse<T> refuseRedirect(HttpResponse<T> response)
      throws ModelRedirectException {
    int status = response.statusCode();
    if (status >= 300 && status < 400) {
      throw new ModelRedirectException(
          status, response.headers().firstValue("Location").orElse(null));
    }
    return response;
  }

  private static <T> HttpResponse<T> refuseRedirectAsync(HttpResponse<T> response) {
    try {
      return refuseRedirect(response);
    } catch (ModelRedirectException e) {
      throw new CompletionException(e);
    }
  }

  @Override
  public Optional<CookieHandler> cookieHandler() {
    return delegate.cookieHandler();
  }

  @Override
  public Optional<Duration> connectTimeout() {
    return delegate.connectTimeout();
  }

  @Override
  public Redirect followRedirects() {
    return delegate.followRedirects();
  }

  @Override
  public Optional<ProxySelector> proxy() {
    return delegate.proxy();
  }

  @Override
  public SSLContext sslContext() {
    return delegate.sslContext();
  }

  @Override
  public SSLParameters sslParameters() {
    return delegate.sslParameters();
  }

  @Override
  public Optional<Authenticator> authenticator() {
    return delegate.authenticator();
  }

  @Override
  public Version version() {
    return delegate.version();
  }

  @Override
  public Optional<Executor> executor() {
    return delegate.executor();
  }

  @Override
  public void shutdown() {
    delegate.shutdown();
  }

  @Override
  public boolean awaitTermination(Duration duration) throws InterruptedException {
    return delegate.awaitTermination(duration);
  }

  @Override
  public boolean isTerminated() {
    return delegate.isTerminated();
  }

  @Override
  public void shutdownNow() {
    delegate.shutdownNow();
  }

  /** The JDK's builder, building this client around what it builds; never following redirects. */
  private record Builder(HttpClient.Builder jdk) implements HttpClient.Builder {

    @Override
    public HttpClient.Builder cookieHandler(CookieHandler cookieHandler) {
      jdk.cookieHandler(cookieHandler);
      return this;
    }

    @Override
    public HttpClient.Builder connectTimeout(Duration duration) {
      jdk.connectTimeout(duration);
      return this;
    }

    @Override
    public HttpClient.Builder sslContext(SSLContext sslContext) {
      jdk.sslContext(sslContext);
      return this;
    }

    @Override
    public HttpClient.Builder sslParameters(SSLParameters sslParameters) {
      jdk.sslParameters(sslParameters);
      return this;
    }

    @Override
    public HttpClient.Builder executor(Executor executor) {
      jdk.executor(executor);
      return this;
    }

    /** Refused: a model request carries the API key, which a followed redirect could send away. */
    @Override
    public HttpClient.Builder followRedirects(Redirect policy) {
      if (policy != Redirect.NEVER) {
        throw new IllegalArgumentException(
            "the model client never follows redirects (a request carries the API key), asked for "
                + policy);
      }
      return this;
    }

    @Override
    public HttpClient.Builder version(Version version) {
      jdk.version(version);
      return this;
    }

    @Override
    public HttpClient.Builder priority(int priority) {
      jdk.priority(priority);
      return this;
    }

    @Override
    public HttpClient.Builder proxy(ProxySelector proxySelector) {
      jdk.proxy(proxySelector);
      return this;
    }

    @Override
    public HttpClient.Builder authenticator(Authenticator authenticator) {
      jdk.authenticator(authenticator);
      return this;
    }

    @Override
    public HttpClient.Builder localAddress(InetAddress localAddress) {
      jdk.localAddress(localAddress);
      return this;
    }

    @Override
    public HttpClient build() {
      return new RedirectNamingClient(jdk.followRedirects(Redirect.NEVER).build());
    }
  }
}

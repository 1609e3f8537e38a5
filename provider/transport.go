package provider

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// Timeouts as dryfire's clients have them: the Anthropic and OpenAI SDKs
// give a connection 5 s and every other phase 600 s; dryfire's Gemini client
// gives every phase, the connection included, 600 s.
const (
	DefaultTimeout    = 600 * time.Second
	sdkConnectTimeout = 5 * time.Second
)

var errIdle = errors.New("idle timeout")

// caller posts JSON to one provider endpoint: headers (credentials
// included), the HTTP client, timeouts, and the retries the provider's
// official SDK makes inside one dryfire attempt.
type caller struct {
	provider string
	client   *http.Client
	header   http.Header
	redact   redactor
	// budget is what the bodies being read at once may take (inFlight).
	budget *budget
	// sdkRetries is how often the official SDK retries one call (2 for
	// Anthropic and OpenAI, 0 for dryfire's own Gemini client).
	sdkRetries int
	connect    time.Duration
	idle       time.Duration
	sleep      func(context.Context, time.Duration) error
	random     func() float64
	now        func() time.Time
	onRetry    func(Retry)
}

// post sends body and returns the 2xx answer's body, retrying as the SDK
// does: up to sdkRetries more times on a connection failure, a timeout, or
// a 408, 409, 429 or 5xx answer (unless the provider says x-should-retry).
// The body holds part of the budget of bodies in flight until release is
// called.
func (c *caller) post(ctx context.Context, u *url.URL, body []byte) (data []byte, release func(), err error) {
	for try := 0; ; try++ {
		data, release, err := c.once(ctx, u, body)
		if err == nil {
			return data, release, nil
		}
		if try >= c.sdkRetries || !sdkShouldRetry(err) {
			return nil, nil, err
		}
		wait := c.sdkDelay(try, err)
		if c.onRetry != nil {
			c.onRetry(Retry{Provider: c.provider, Err: err, Wait: wait, Retry: try + 1, Of: c.sdkRetries, Transport: true, Call: callOf(ctx)})
		}
		if serr := c.sleep(ctx, wait); serr != nil {
			return nil, nil, stopped(ctx, c.provider, serr)
		}
	}
}

// once makes one HTTP request. No byte for c.idle (before the answer or
// between two reads of its body) ends it as a timeout.
func (c *caller) once(ctx context.Context, u *url.URL, body []byte) ([]byte, func(), error) {
	if ctx.Err() != nil {
		return nil, nil, stopped(ctx, c.provider, nil)
	}
	actx, cancel := context.WithCancelCause(context.WithValue(ctx, connectTimeoutKey{}, c.connect))
	defer cancel(nil)
	watchdog := time.AfterFunc(c.idle, func() { cancel(errIdle) })
	defer watchdog.Stop()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, nil, requestErr(c.provider, "%s", c.redact.text(err.Error()))
	}
	req.Header = c.header.Clone()
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, nil, c.transportErr(ctx, actx, err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode/100 != 2 {
		data, err := readBody(&progressReader{r: resp.Body, watchdog: watchdog, idle: c.idle}, maxErrorBody, -1)
		if err != nil && !errors.Is(err, errTooLong) {
			return nil, nil, c.transportErr(ctx, actx, err)
		}
		return nil, nil, c.statusErr(resp, data)
	}
	if resp.ContentLength > MaxBody {
		return nil, nil, c.tooLong(resp.ContentLength)
	}
	reserve := int64(MaxBody)
	if resp.ContentLength >= 0 {
		reserve = resp.ContentLength
	}
	watchdog.Stop() // waiting for the budget is not the provider's silence
	if err := c.budget.acquire(actx, reserve); err != nil {
		return nil, nil, c.transportErr(ctx, actx, err)
	}
	watchdog.Reset(c.idle)
	data, err := readBody(&progressReader{r: resp.Body, watchdog: watchdog, idle: c.idle}, MaxBody, resp.ContentLength)
	switch {
	case errors.Is(err, errTooLong):
		c.budget.release(reserve)
		return nil, nil, c.tooLong(-1)
	case err != nil:
		c.budget.release(reserve)
		return nil, nil, c.transportErr(ctx, actx, err)
	}
	// Keep what the body takes while it is decoded; give back the rest of
	// a reservation made without a Content-Length.
	held := min(int64(len(data)), reserve)
	c.budget.release(reserve - held)
	return data, sync.OnceFunc(func() { c.budget.release(held) }), nil
}

var errTooLong = errors.New("body too long")

// readBody reads at most limit bytes of a body (errTooLong at byte limit+1, with the limit
// read): one of known size (0 < size ≤ limit: its Content-Length) into one buffer of that
// size, not io.ReadAll's doubling ones, and then what a transport sends past it.
func readBody(r io.Reader, limit, size int64) ([]byte, error) {
	var data []byte
	if size > 0 && size <= limit {
		data = make([]byte, size)
		if n, err := io.ReadFull(r, data); err != nil {
			return data[:n], err // net/http: io.ErrUnexpectedEOF when shorter
		}
		limit -= size
	}
	rest, err := io.ReadAll(io.LimitReader(r, limit+1))
	if int64(len(rest)) > limit {
		rest, err = rest[:limit], errTooLong
	}
	if data != nil {
		rest = append(data, rest...)
	}
	return rest, err
}

func (c *caller) tooLong(size int64) error {
	if size >= 0 {
		return responseErr(c.provider, "the body is %s, over the limit of %s on one answer", safefile.FormatSize(size), safefile.FormatSize(MaxBody))
	}
	return responseErr(c.provider, "the body is longer than the limit of %s on one answer", safefile.FormatSize(MaxBody))
}

// stopped is the error of a call whose context ended (or whose wait
// between retries failed): it wraps the context's cause, so
// errors.Is(err, context.Canceled) holds.
func stopped(ctx context.Context, provider string, err error) error {
	if cause := context.Cause(ctx); cause != nil {
		err = cause
	}
	return fmt.Errorf("%s: request stopped: %w", provider, err)
}

func (c *caller) transportErr(parent, attempt context.Context, err error) error {
	if parent.Err() != nil {
		return stopped(parent, c.provider, nil)
	}
	if errors.Is(context.Cause(attempt), errIdle) {
		return &TransportError{Provider: c.provider, Timeout: true,
			msg: fmt.Sprintf("no answer for %s (timeout)", c.idle)}
	}
	var ne net.Error
	timeout := errors.As(err, &ne) && ne.Timeout()
	return &TransportError{Provider: c.provider, Timeout: timeout, msg: c.redact.text(err.Error())}
}

// statusErr builds the error of a non-2xx answer from the provider's error
// JSON ({"error": {"type"|"status", "message"}}) or the start of the body.
func (c *caller) statusErr(resp *http.Response, data []byte) error {
	e := &StatusError{Provider: c.provider, StatusCode: resp.StatusCode, header: retryHeaders(resp.Header)}
	if v, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true}); err == nil {
		inner := v.Field("error")
		e.Type = firstString(inner.Field("type"), inner.Field("status"))
		e.Message = firstString(inner.Field("message"), v.Field("message"))
	}
	if e.Type == "" && e.Message == "" {
		e.Message = excerpt(string(data))
	}
	e.Type, e.Message = c.redact.text(e.Type), c.redact.text(e.Message)
	return e
}

func firstString(vs ...jsonv.Value) string {
	for _, v := range vs {
		if v.Kind == jsonv.String && v.Text != "" {
			return v.Text
		}
	}
	return ""
}

// excerpt returns the start of a body on one line, cut at a rune boundary.
func excerpt(s string) string {
	s = strings.Join(strings.Fields(strings.ToValidUTF8(s, "\uFFFD")), " ")
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "…"
	}
	return s
}

func retryHeaders(h http.Header) http.Header {
	out := http.Header{}
	for _, k := range []string{"Retry-After", "Retry-After-Ms", "X-Should-Retry"} {
		if v, ok := h[k]; ok {
			out[k] = v
		}
	}
	return out
}

// progressReader pushes the watchdog back whenever bytes arrive.
type progressReader struct {
	r        io.Reader
	watchdog *time.Timer
	idle     time.Duration
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if n > 0 {
		p.watchdog.Reset(p.idle)
	}
	return n, err
}

type connectTimeoutKey struct{}

var (
	defaultClientOnce sync.Once
	defaultClient     *http.Client
)

// NewHTTPClient returns the HTTP client the gateways use when none is
// given: proxies from the environment (as dryfire's httpx clients honour
// them) and a connection timeout per provider (5 s for the SDK providers,
// 600 s for Gemini).
func NewHTTPClient() *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	dialer := &net.Dialer{KeepAlive: 30 * time.Second}
	t.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		if d, ok := ctx.Value(connectTimeoutKey{}).(time.Duration); ok && d > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, d)
			defer cancel()
		}
		return dialer.DialContext(ctx, network, addr)
	}
	t.MaxIdleConnsPerHost = 100
	return &http.Client{Transport: t}
}

func sharedClient() *http.Client {
	defaultClientOnce.Do(func() { defaultClient = NewHTTPClient() })
	return defaultClient
}

// sameOriginOnly returns a copy of client that follows a redirect only to
// the origin of the first request: the credential headers (x-api-key,
// x-goog-api-key) would otherwise go along to another host.
func sameOriginOnly(client *http.Client) *http.Client {
	cp := *client
	next := client.CheckRedirect
	cp.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if o := via[0].URL; req.URL.Scheme != o.Scheme || req.URL.Host != o.Host {
			return http.ErrUseLastResponse
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	return &cp
}

/**
 * Schema migrations, applied in order. `PRAGMA user_version` holds how many have run; each one runs in its own
 * transaction together with the version bump, so a failed migration leaves the database as it was.
 * Never edit a migration that has shipped: append a new one.
 *
 * Conventions: money is INTEGER minor units (cents) in columns named *_cents; times are ISO 8601 TEXT (UTC),
 * except token expiry, which is INTEGER epoch milliseconds so it can be compared cheaply.
 */
export const migrations: readonly string[] = [
  /* 1: the whole product's schema. */ `
  CREATE TABLE partners (
    entry       TEXT PRIMARY KEY CHECK (entry <> 'register' AND instr(entry, ':') = 0 AND length(entry) BETWEEN 1 AND 32),
    name        TEXT NOT NULL DEFAULT '',
    lang        TEXT NOT NULL DEFAULT 'en',
    created_at  TEXT NOT NULL
  );

  CREATE TABLE users (
    id                      INTEGER PRIMARY KEY,
    -- merchants: the name they chose; partner users: '<entry>:<uid>' (':' cannot occur in a chosen name)
    username                TEXT NOT NULL COLLATE NOCASE UNIQUE,
    nickname                TEXT NOT NULL DEFAULT '',
    email                   TEXT NOT NULL DEFAULT '',
    phone                   TEXT NOT NULL DEFAULT '',
    password_hash           TEXT,                          -- NULL for partner users (they log in through their entry)
    entry                   TEXT NOT NULL DEFAULT 'register',
    partner_uid             TEXT,
    lang                    TEXT NOT NULL DEFAULT 'en',
    avatar                  TEXT NOT NULL DEFAULT '',
    state                   TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'not_activated', 'disabled', 'deleted')),
    store_opened            INTEGER NOT NULL DEFAULT 0 CHECK (store_opened IN (0, 1)),
    credit_score            INTEGER NOT NULL DEFAULT 100,
    level                   INTEGER NOT NULL DEFAULT 1,
    proxy_id                TEXT NOT NULL UNIQUE,
    pay_password_hash       TEXT,                          -- scrypt of the MD5 hex the client sends
    startup_funds_returned  INTEGER NOT NULL DEFAULT 0 CHECK (startup_funds_returned IN (0, 1)),
    created_at              TEXT NOT NULL,
    updated_at              TEXT NOT NULL,
    CHECK ((entry = 'register') = (partner_uid IS NULL))
  );
  CREATE UNIQUE INDEX users_partner ON users (entry, partner_uid) WHERE partner_uid IS NOT NULL;

  CREATE TABLE tokens (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL UNIQUE,                      -- SHA-256 hex of the bearer token
    created_at  TEXT NOT NULL,
    expires_at  INTEGER NOT NULL                           -- epoch ms
  );
  CREATE INDEX tokens_user ON tokens (user_id);

  CREATE TABLE license_keys (
    id          INTEGER PRIMARY KEY,
    code        TEXT NOT NULL COLLATE NOCASE UNIQUE,
    reusable    INTEGER NOT NULL DEFAULT 0 CHECK (reusable IN (0, 1)),
    disabled    INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
    used_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    used_at     TEXT,
    created_at  TEXT NOT NULL
  );

  CREATE TABLE auth_codes (
    id          INTEGER PRIMARY KEY,
    code        TEXT NOT NULL COLLATE NOCASE UNIQUE,
    reusable    INTEGER NOT NULL DEFAULT 0 CHECK (reusable IN (0, 1)),
    disabled    INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
    used_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    used_at     TEXT,
    created_at  TEXT NOT NULL
  );

  -- Customer-service contacts (kind 'service' or 'recharge'); type 1 opens inside the app.
  CREATE TABLE contacts (
    id      INTEGER PRIMARY KEY,
    kind    TEXT NOT NULL CHECK (kind IN ('service', 'recharge')),
    type    INTEGER NOT NULL,
    url     TEXT NOT NULL,
    label   TEXT NOT NULL DEFAULT '{}',                    -- JSON: language code → text
    icon    TEXT,
    sort    INTEGER NOT NULL DEFAULT 0
  );

  -- Basic configuration documents (JSON), e.g. client_language_map, faq_config, privacy_policy.
  CREATE TABLE config (
    key     TEXT PRIMARY KEY,
    value   TEXT NOT NULL
  );

  CREATE TABLE products (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    image        TEXT NOT NULL DEFAULT '',
    price_cents  INTEGER NOT NULL CHECK (price_cents >= 0),
    description  TEXT NOT NULL DEFAULT ''
  );

  CREATE TABLE plans (
    id                  INTEGER PRIMARY KEY,
    plan_no             TEXT NOT NULL UNIQUE,
    user_id             INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id          INTEGER NOT NULL REFERENCES products (id),
    put_amount_cents    INTEGER NOT NULL DEFAULT 0 CHECK (put_amount_cents >= 0),
    put_progress        INTEGER NOT NULL DEFAULT 0 CHECK (put_progress BETWEEN 0 AND 100),
    content             TEXT NOT NULL DEFAULT '',
    rule                TEXT NOT NULL DEFAULT '',
    user_targeting      TEXT NOT NULL DEFAULT '',
    official            INTEGER NOT NULL DEFAULT 0 CHECK (official IN (0, 1)),
    status              TEXT NOT NULL DEFAULT 'waitPut'
                        CHECK (status IN ('waitPut', 'matching', 'puting', 'putFailed', 'putFinished', 'waitSettlement', 'settled')),
    lowest_put_cents    INTEGER NOT NULL CHECK (lowest_put_cents >= 0),
    highest_put_cents   INTEGER NOT NULL CHECK (highest_put_cents >= lowest_put_cents),
    request_id          TEXT,                              -- idempotency key of the put call
    impressions         INTEGER NOT NULL DEFAULT 0,
    clicks              INTEGER NOT NULL DEFAULT 0,
    revenue_cents       INTEGER NOT NULL DEFAULT 0,
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL
  );
  CREATE INDEX plans_user_status ON plans (user_id, status, created_at);
  CREATE UNIQUE INDEX plans_request ON plans (user_id, request_id) WHERE request_id IS NOT NULL;

  CREATE TABLE wallets (
    user_id               INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    balance_cents         INTEGER NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
    to_be_consumed_cents  INTEGER NOT NULL DEFAULT 0 CHECK (to_be_consumed_cents >= 0),
    to_be_settled_cents   INTEGER NOT NULL DEFAULT 0 CHECK (to_be_settled_cents >= 0),
    discount_cents        INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
    deposit_cents         INTEGER NOT NULL DEFAULT 0 CHECK (deposit_cents >= 0),
    updated_at            TEXT NOT NULL
  );

  -- The ledger: one signed row per balance movement, with the balance after it.
  CREATE TABLE transaction_flow (
    id                   INTEGER PRIMARY KEY,
    user_id              INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type                 TEXT NOT NULL CHECK (type IN ('ad_billing', 'ad_serving', 'system_topup', 'manual_withdrawal',
                           'system_debit', 'virtual_recharge_deduction', 'vip_subscription', 'profit_sharing')),
    amount_cents         INTEGER NOT NULL,
    balance_after_cents  INTEGER NOT NULL CHECK (balance_after_cents >= 0),
    remark               TEXT,
    request_id           TEXT,
    created_at           TEXT NOT NULL
  );
  CREATE INDEX flow_user_time ON transaction_flow (user_id, created_at);
  CREATE UNIQUE INDEX flow_request ON transaction_flow (user_id, request_id) WHERE request_id IS NOT NULL;

  -- Coupon templates and the coupons users hold.
  CREATE TABLE coupons (
    id                 INTEGER PRIMARY KEY,
    name               TEXT NOT NULL,
    kind               TEXT NOT NULL CHECK (kind IN ('discount', 'deduction', 'addition', 'fixed', 'value_added',
                         'deduction_voucher', 'team', 'custom')),
    amount_cents       INTEGER NOT NULL CHECK (amount_cents >= 0),
    requirement_cents  INTEGER NOT NULL DEFAULT 0 CHECK (requirement_cents >= 0),
    valid_days         INTEGER NOT NULL DEFAULT 30 CHECK (valid_days > 0),
    new_user           INTEGER NOT NULL DEFAULT 0 CHECK (new_user IN (0, 1)),  -- the once-per-user support coupon
    active             INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
  );
  CREATE TABLE user_coupons (
    id            INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    coupon_id     INTEGER NOT NULL REFERENCES coupons (id),
    state         TEXT NOT NULL DEFAULT 'unused' CHECK (state IN ('unused', 'used', 'expired')),
    received_day  TEXT NOT NULL,                           -- YYYY-MM-DD in the user's zone: one same coupon per day
    received_at   TEXT NOT NULL,
    expire_at     TEXT NOT NULL,
    used_at       TEXT,
    UNIQUE (user_id, coupon_id, received_day)
  );
  CREATE INDEX user_coupons_user ON user_coupons (user_id, state);

  -- Notifications: user_id NULL means for everyone; reads are tracked per user.
  CREATE TABLE notifications (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER REFERENCES users (id) ON DELETE CASCADE,
    category    TEXT NOT NULL CHECK (category IN ('announcement', 'maintenance', 'activity')),
    title       TEXT NOT NULL,
    content     TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL
  );
  CREATE INDEX notifications_user ON notifications (user_id, created_at);
  CREATE TABLE notification_reads (
    user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    notification_id  INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    read_at          TEXT NOT NULL,
    PRIMARY KEY (user_id, notification_id)
  ) WITHOUT ROWID;

  CREATE TABLE bank_cards (
    user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    bank_name     TEXT NOT NULL,
    user_name     TEXT NOT NULL,
    mobile        TEXT NOT NULL,
    account       TEXT NOT NULL,
    bank_address  TEXT NOT NULL DEFAULT '',
    branch        TEXT NOT NULL DEFAULT '',
    updated_at    TEXT NOT NULL
  );

  -- Foreign-exchange acceptance: codes handed out by customer service, and the orders they create.
  CREATE TABLE acceptance_codes (
    id            INTEGER PRIMARY KEY,
    code          TEXT NOT NULL COLLATE NOCASE UNIQUE,
    type          TEXT NOT NULL CHECK (type IN ('personal', 'enterprise')),
    amount_cents  INTEGER NOT NULL CHECK (amount_cents >= 0),
    limit_cents   INTEGER NOT NULL CHECK (limit_cents >= 0),
    reusable      INTEGER NOT NULL DEFAULT 0 CHECK (reusable IN (0, 1))
  );
  CREATE TABLE acceptor_orders (
    id            INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type          TEXT NOT NULL CHECK (type IN ('personal', 'enterprise')),
    amount_cents  INTEGER NOT NULL CHECK (amount_cents >= 0),
    limit_cents   INTEGER NOT NULL CHECK (limit_cents >= 0),
    state         TEXT NOT NULL DEFAULT 'pending',
    code_id       INTEGER REFERENCES acceptance_codes (id),
    created_at    TEXT NOT NULL
  );
  CREATE INDEX acceptor_orders_user ON acceptor_orders (user_id, created_at);

  CREATE TABLE feedback (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    topic       TEXT NOT NULL,
    content     TEXT NOT NULL,
    images      TEXT,
    created_at  TEXT NOT NULL
  );

  -- Plan follow: a user follows another operator by proxy (operated) ID.
  CREATE TABLE follow_records (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    proxy_id    TEXT NOT NULL,
    nickname    TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL
  );
  CREATE INDEX follow_records_user ON follow_records (user_id, created_at);

  CREATE TABLE sign_ins (
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day         TEXT NOT NULL,                             -- YYYY-MM-DD in the user's zone
    created_at  TEXT NOT NULL,
    PRIMARY KEY (user_id, day)
  ) WITHOUT ROWID;

  CREATE TABLE uploads (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    path        TEXT NOT NULL UNIQUE,
    mime        TEXT NOT NULL,
    size        INTEGER NOT NULL CHECK (size >= 0),
    created_at  TEXT NOT NULL
  );
  `,
  /* 2: signed partner entry links (a partner's HMAC key), the links already used, and the entry tickets. */ `
  -- The key partners sign entry links with. Kept as is, not hashed: the server must compute the same HMAC.
  -- NULL: the partner has no key yet, so none of its links is accepted.
  ALTER TABLE partners ADD COLUMN link_secret TEXT CHECK (link_secret IS NULL OR length(link_secret) >= 16);

  -- Signatures already accepted, kept until their link would have expired anyway: a link works once.
  CREATE TABLE entry_link_uses (
    sig_hash    TEXT PRIMARY KEY,                          -- SHA-256 hex of the signature
    expires_at  INTEGER NOT NULL                           -- epoch ms
  ) WITHOUT ROWID;

  -- Entry tickets: what a valid link for a user without an open store is answered with, so that the welcome
  -- page can register that user later without the (by then expired) link. Single use, bound to entry and uid.
  CREATE TABLE entry_tickets (
    ticket_hash  TEXT PRIMARY KEY,                         -- SHA-256 hex of the ticket
    entry        TEXT NOT NULL REFERENCES partners (entry) ON DELETE CASCADE,
    partner_uid  TEXT NOT NULL,
    expires_at   INTEGER NOT NULL                          -- epoch ms
  ) WITHOUT ROWID;
  CREATE INDEX entry_tickets_expiry ON entry_tickets (expires_at);
  `,
  /* 3: the ad centre: hourly delivery rows behind the overview, the level table, activities, coupon
        receiving, one follow per operator. */ `
  -- Delivery as it happened, per plan and UTC hour: the overview and its trend are sums of these rows.
  CREATE TABLE plan_stats (
    plan_id         INTEGER NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    hour            TEXT NOT NULL,                         -- UTC hour start, ISO 8601 (2026-11-23T14:00:00.000Z)
    impressions     INTEGER NOT NULL DEFAULT 0 CHECK (impressions >= 0),
    clicks          INTEGER NOT NULL DEFAULT 0 CHECK (clicks >= 0),
    consumed_cents  INTEGER NOT NULL DEFAULT 0 CHECK (consumed_cents >= 0),
    revenue_cents   INTEGER NOT NULL DEFAULT 0 CHECK (revenue_cents >= 0),
    PRIMARY KEY (plan_id, hour)
  ) WITHOUT ROWID;
  CREATE INDEX plan_stats_user_hour ON plan_stats (user_id, hour);
  -- Up to which UTC hour a live plan's delivery has been written (the delivery simulator fills the gap lazily).
  ALTER TABLE plans ADD COLUMN delivered_until TEXT;
  ALTER TABLE plans ADD COLUMN consumed_cents INTEGER NOT NULL DEFAULT 0 CHECK (consumed_cents >= 0);

  -- The shop levels the server owns: reached when either threshold is met; benefits is JSON [{code, value?}].
  CREATE TABLE levels (
    level                 INTEGER PRIMARY KEY,
    kind                  TEXT NOT NULL CHECK (kind IN ('star', 'vip')),
    rank                  INTEGER NOT NULL CHECK (rank >= 1),
    min_credit_score      INTEGER NOT NULL CHECK (min_credit_score >= 0),
    min_investment_cents  INTEGER NOT NULL CHECK (min_investment_cents >= 0),
    benefits              TEXT NOT NULL DEFAULT '[]'
  );

  -- Newcomer activities, each handing out one coupon template.
  CREATE TABLE activities (
    id           INTEGER PRIMARY KEY,
    kind         TEXT NOT NULL UNIQUE CHECK (kind IN ('new_user_support', 'display_discount')),
    coupon_id    INTEGER NOT NULL REFERENCES coupons (id),
    title        TEXT NOT NULL DEFAULT '{}',               -- JSON: language code → text
    description  TEXT NOT NULL DEFAULT '{}',
    sort         INTEGER NOT NULL DEFAULT 0,
    active       INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
  );

  -- Receiving a held coupon: the local day (one coupon of the same name per day) and the idempotency key.
  ALTER TABLE user_coupons ADD COLUMN used_day TEXT;
  ALTER TABLE user_coupons ADD COLUMN use_request_id TEXT;
  CREATE UNIQUE INDEX user_coupons_use_request ON user_coupons (user_id, use_request_id) WHERE use_request_id IS NOT NULL;
  -- Handing out by an activity: its idempotency key.
  ALTER TABLE user_coupons ADD COLUMN grant_request_id TEXT;
  CREATE UNIQUE INDEX user_coupons_grant_request ON user_coupons (user_id, grant_request_id) WHERE grant_request_id IS NOT NULL;

  CREATE UNIQUE INDEX follow_records_once ON follow_records (user_id, proxy_id);
  `,

  /* 4: "to be consumed" has one source, the plans (services/wallet.ts: put amount minus consumed over the live
     plans). The wallet's copy was written by delivery but read by nobody, and a second copy can only drift. */ `
  ALTER TABLE wallets DROP COLUMN to_be_consumed_cents;
  `,

  /* 5: the zone of a merchant's last daily claim of each kind (the sign-in, a once-a-day activity, a coupon name), so
     a claim in another zone can be judged against it (services/daily-claims.ts): a zone switch cannot make a
     second "day" within one real day, nor claim a day already over. */ `
  CREATE TABLE claim_zones (
    user_id  INTEGER NOT NULL REFERENCES users (id),
    kind     TEXT NOT NULL,
    zone     TEXT NOT NULL,   -- the zone's label: an IANA name, UTC or UTC+hh:mm
    at       TEXT NOT NULL,   -- ISO time of the claim
    PRIMARY KEY (user_id, kind)
  );
  `,

  /* 6: the ticker's newest events come from indexes, not scans of every merchant's rows (it needs no session, so
     anyone can ask for it; it is also computed at most once per 30 s now). */ `
  CREATE INDEX users_created ON users (created_at);
  CREATE INDEX plans_created ON plans (created_at);
  CREATE INDEX flow_type_time ON transaction_flow (type, created_at);
  CREATE INDEX tokens_expiry ON tokens (expires_at);
  CREATE INDEX plan_stats_hour ON plan_stats (hour);
  `,
  /* 7: wallet coupons (redeemed into the wallet's discount amount: COUPON_USE in the contract) have no put
     requirement; only put coupons apply to a put amount. The kinds are spelled out here as they were when this
     shipped. */ `
  UPDATE coupons SET requirement_cents = 0 WHERE kind IN ('addition', 'fixed', 'value_added', 'team', 'custom');
  `,
  /* 8: unfollowing (plan follow): the follow row goes, and the request that removed it stays, so the same
     request_id again answers the same result instead of not_found (services/follow.ts). */ `
  CREATE TABLE follow_unfollows (
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    request_id  TEXT NOT NULL,
    follow_id   INTEGER NOT NULL,   -- the follow_records id it removed (the row itself is gone)
    proxy_id    TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (user_id, request_id)
  );
  `,
  /* 9: the inbox, feedback and uploads. A message's title and body become operator text per language
     (JSON: language code → text; the body is rich text, sanitized before it is stored), the rows before this
     being English. Seeded messages carry a key, so the seed adds each once per database. Feedback is idempotent
     by request_id and names its images by upload id, in order. */ `
  UPDATE notifications SET title = json_object('en', title), content = json_object('en', content);
  ALTER TABLE notifications ADD COLUMN seed_key TEXT;
  CREATE UNIQUE INDEX notifications_seed ON notifications (seed_key) WHERE seed_key IS NOT NULL;
  CREATE INDEX notifications_everyone ON notifications (created_at) WHERE user_id IS NULL;

  ALTER TABLE feedback ADD COLUMN request_id TEXT;
  CREATE UNIQUE INDEX feedback_request ON feedback (user_id, request_id) WHERE request_id IS NOT NULL;
  CREATE INDEX feedback_user ON feedback (user_id, created_at);
  CREATE TABLE feedback_images (
    feedback_id  INTEGER NOT NULL REFERENCES feedback (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL CHECK (position >= 0),
    upload_id    INTEGER NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
    PRIMARY KEY (feedback_id, position)
  ) WITHOUT ROWID;

  -- uploads.path holds the stored file's name inside the upload folder (not a full path: the folder may move).
  CREATE INDEX uploads_user_time ON uploads (user_id, created_at);
  `,
  /* 10: a merchant's own customer-service contacts (user info's optional lists), which replace basic
     config's in that merchant's popup. user_id NULL: everyone's (basic config). */ `
  ALTER TABLE contacts ADD COLUMN user_id INTEGER REFERENCES users (id) ON DELETE CASCADE;
  CREATE INDEX contacts_user ON contacts (user_id, kind) WHERE user_id IS NOT NULL;
  `,
  /* 11: a plan's whole life (services/plans): every status it entered and when (the detail's timeline),
     what the put took and with which coupon, and the simulation's place in it (sim_step: steps done, each step
     applied with its money in one transaction, so a restart continues where it stopped and never credits twice).
     Plans from before this get their creation and their present status as their timeline. */ `
  CREATE TABLE plan_events (
    id        INTEGER PRIMARY KEY,
    plan_id   INTEGER NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
    status    TEXT NOT NULL
              CHECK (status IN ('waitPut', 'matching', 'puting', 'putFailed', 'putFinished', 'waitSettlement', 'settled')),
    at        TEXT NOT NULL
  );
  CREATE INDEX plan_events_plan ON plan_events (plan_id, id);
  INSERT INTO plan_events (plan_id, status, at) SELECT id, 'waitPut', created_at FROM plans;
  INSERT INTO plan_events (plan_id, status, at) SELECT id, status, updated_at FROM plans WHERE status <> 'waitPut';

  ALTER TABLE plans ADD COLUMN put_at TEXT;                 -- when it was put (the simulation's clock starts here)
  ALTER TABLE plans ADD COLUMN paid_cents INTEGER CHECK (paid_cents >= 0);           -- what the put took from the balance
  ALTER TABLE plans ADD COLUMN coupon_discount_cents INTEGER CHECK (coupon_discount_cents >= 0);
  ALTER TABLE plans ADD COLUMN user_coupon_id INTEGER REFERENCES user_coupons (id);
  ALTER TABLE plans ADD COLUMN sim_step INTEGER NOT NULL DEFAULT 0 CHECK (sim_step >= 0);
  ALTER TABLE plans ADD COLUMN sim_step_ms INTEGER CHECK (sim_step_ms > 0);   -- the pace it was put at (seeded: an hour)
  ALTER TABLE plans ADD COLUMN settled_cents INTEGER CHECK (settled_cents >= 0);     -- what settlement credited
  UPDATE plans SET put_at = created_at WHERE status <> 'waitPut';
  CREATE INDEX plans_moving ON plans (status) WHERE status IN ('matching', 'puting', 'putFinished', 'waitSettlement');
  `,
  /* 12: the wallet. The transaction password is 6 digits, so its wrong answers are limited per merchant in
     the database (services/pay-password.ts), not in memory like the login limiter: a restart must not forgive them.
     A guess is counted before it is checked (reserved) and forgiven only by a right answer; at the limit the
     password locks until pay_password_locked_until (epoch ms), also against the right answer. */ `
  ALTER TABLE users ADD COLUMN pay_password_failures INTEGER NOT NULL DEFAULT 0 CHECK (pay_password_failures >= 0);
  ALTER TABLE users ADD COLUMN pay_password_locked_until INTEGER;
  -- What a binding is for: a bank card, or a wallet address (which has no bank address or branch).
  ALTER TABLE bank_cards ADD COLUMN kind TEXT NOT NULL DEFAULT 'bank' CHECK (kind IN ('bank', 'wallet'));
  -- The current acceptance is the newest 'accepting' order; a single-use code is used once its order exists.
  CREATE INDEX acceptor_orders_code ON acceptor_orders (code_id) WHERE code_id IS NOT NULL;
  `,
  /* 13: ledger remarks the app words in the merchant's language: a kind and its parameters as JSON
     (services/remarks.ts) beside the English words. Rows the server wrote before get theirs from those words; a
     person's note keeps none and is shown as written. */ `
  ALTER TABLE transaction_flow ADD COLUMN remark_data TEXT;
  UPDATE transaction_flow SET remark_data = json_object('kind', 'withdrawal_to',
      'bank', substr(remark, 15, length(remark) - 23), 'tail', substr(remark, -4))
    WHERE type = 'manual_withdrawal' AND remark LIKE 'Withdrawal to % ****____';
  UPDATE transaction_flow SET remark_data = json_object('kind',
      CASE WHEN type <> 'ad_serving' THEN 'settlement' WHEN amount_cents < 0 THEN 'put' ELSE 'put_refund' END, 'plan', remark)
    WHERE type IN ('ad_serving', 'ad_billing', 'profit_sharing')
      AND remark IN (SELECT plan_no FROM plans WHERE plans.user_id = transaction_flow.user_id);
  UPDATE transaction_flow SET remark_data = json_object('kind', CASE remark
      WHEN 'Withdrawal to bank card' THEN 'withdrawal_to_card' WHEN 'Top-up via customer service' THEN 'topup_service'
      WHEN 'Opening deposit via customer service' THEN 'opening_deposit' WHEN 'Start-up funds (not yet returned)' THEN 'startup_funds'
      WHEN 'Test balance' THEN 'balance_adjustment' WHEN 'VIP monthly subscription' THEN 'vip_monthly'
      WHEN 'Partner profit sharing' THEN 'partner_profit' WHEN 'Virtual recharge' THEN 'virtual_recharge' WHEN 'Service fee' THEN 'service_fee' END)
    WHERE remark_data IS NULL AND remark IN ('Withdrawal to bank card', 'Top-up via customer service', 'Opening deposit via customer service',
      'Start-up funds (not yet returned)', 'Test balance', 'VIP monthly subscription', 'Partner profit sharing', 'Virtual recharge', 'Service fee');
  `,
  /* 14: when the payout account (a bank card or a wallet address) was last bound or changed (epoch ms, the server's
     clock): withdrawals wait PAYOUT_HOLD_HOURS after it (services/withdraw.ts), so a redirected payout has to get
     past the merchant's inbox first. A binding from before this counts from its last update. */ `
  ALTER TABLE bank_cards ADD COLUMN changed_at INTEGER NOT NULL DEFAULT 0 CHECK (changed_at >= 0);
  UPDATE bank_cards SET changed_at = COALESCE(CAST(strftime('%s', updated_at) AS INTEGER) * 1000, 0);
  `,
  /* 15: the case-blind columns are compared as lower(column) on both engines (storage/expressions.ts): an index on
     that expression, beside the NOCASE one that keeps them unique. */ `
  CREATE INDEX users_username_lower ON users (lower(username));
  CREATE INDEX license_keys_code_lower ON license_keys (lower(code));
  CREATE INDEX auth_codes_code_lower ON auth_codes (lower(code));
  CREATE INDEX acceptance_codes_code_lower ON acceptance_codes (lower(code));
  `,
  /* 16: guesses at secrets as rows (storage/guesses.ts), so every server process on one database counts the same
     guesses: a key's row is what a reservation locks; each guess is pending until it fails or is forgiven. */ `
  CREATE TABLE guess_keys (key TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE TABLE guess_attempts (
    id     INTEGER PRIMARY KEY,
    key    TEXT NOT NULL REFERENCES guess_keys (key) ON DELETE CASCADE,
    at     INTEGER NOT NULL,                                  -- epoch ms
    state  TEXT NOT NULL CHECK (state IN ('pending', 'failed'))
  );
  CREATE INDEX guess_attempts_key ON guess_attempts (key, at);
  `,
  /* 17: until when the last counted transaction-password guess may still be being checked (epoch ms), by whichever
     process: a full count is then waited on, not taken for one left by a process that died (http/pay-guess.ts). */ `
  ALTER TABLE users ADD COLUMN pay_password_checked_until INTEGER;
  `,
  /* 18: when each timer every process runs last ran (epoch ms): the delivery simulation, the ticker's notices. A tick
     is claimed by one process, however many share the database (storage/jobs.ts). */ `
  CREATE TABLE job_ticks (name TEXT PRIMARY KEY, ran_at INTEGER NOT NULL) WITHOUT ROWID;
  INSERT INTO job_ticks (name, ran_at) VALUES ('simulation', 0), ('ticker', 0);
  `,
];

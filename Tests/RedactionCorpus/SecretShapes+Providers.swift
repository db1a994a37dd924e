import Foundation
import LoupeRedaction

// Provider credentials, one entry per documented token shape. The formats come from each
// provider's public documentation of its keys (prefix, length, alphabet); where a provider
// documents no prefix the value is random in the documented alphabet and length, and the
// entry is marked `standalone: false` so it is only ever planted next to a name.
// All values are generated: none of them is, or was, a real credential.

extension SecretShape {
    /// Every provider credential shape of the corpus.
    static let providers: [SecretShape] =
        sourceHosting + cloud + messaging + payments + observability + identity + ai + saas

    static let sourceHosting: [SecretShape] = [
        SecretShape("github-pat", names: ["GITHUB_TOKEN", "GH_TOKEN"], header: .named("Authorization", scheme: "token ")) { "ghp_" + $0.string(.alnum, 36) },
        SecretShape("github-oauth", names: ["GITHUB_OAUTH_TOKEN"]) { "gho_" + $0.string(.alnum, 36) },
        SecretShape("github-user-to-server", names: ["GITHUB_APP_USER_TOKEN"]) { "ghu_" + $0.string(.alnum, 36) },
        SecretShape("github-server-to-server", names: ["GITHUB_INSTALLATION_TOKEN"]) { "ghs_" + $0.string(.alnum, 36) },
        SecretShape("github-refresh", names: ["GITHUB_REFRESH_TOKEN"]) { "ghr_" + $0.string(.alnum, 36) },
        SecretShape("github-fine-grained-pat", names: ["GITHUB_PAT", "GH_PAT"]) { r in
            "github_pat_" + r.string(.alnum, 22) + "_" + r.string(.alnum, 59)
        },
        SecretShape("gitlab-pat", names: ["GITLAB_TOKEN", "CI_JOB_TOKEN_OVERRIDE"], header: .named("PRIVATE-TOKEN")) { "glpat-" + $0.string(.base64URL, 20) },
        SecretShape("gitlab-pipeline-trigger", names: ["GITLAB_TRIGGER_TOKEN"]) { "glptt-" + $0.string(.hex, 40) },
        SecretShape("gitlab-runner-registration", names: ["REGISTRATION_TOKEN"]) { "GR1348941" + $0.string(.base64URL, 20) },
        SecretShape("gitlab-runner-auth", names: ["RUNNER_TOKEN"]) { "glrt-" + $0.string(.base64URL, 20) },
        SecretShape("gitlab-deploy-token", names: ["GITLAB_DEPLOY_TOKEN"]) { "gldt-" + $0.string(.base64URL, 20) },
        SecretShape("gitlab-feed-token", names: ["GITLAB_FEED_TOKEN"]) { "glft-" + $0.string(.base64URL, 20) },
        SecretShape("gitlab-oauth-secret", names: ["GITLAB_APP_SECRET"]) { "gloas-" + $0.string(.hex, 64) },
        SecretShape("gitlab-scim", names: ["GITLAB_SCIM_TOKEN"]) { "glsoat-" + $0.string(.base64URL, 20) },
        SecretShape("bitbucket-app-password", names: ["BITBUCKET_APP_PASSWORD"]) { "ATBB" + $0.string(.alnum, 32) },
        SecretShape("atlassian-api-token", names: ["ATLASSIAN_API_TOKEN", "JIRA_API_TOKEN", "CONFLUENCE_TOKEN"]) { r in
            "ATATT3xFfGF0" + r.string(.base64URL, 172) + "=" + r.string(.upperHex, 8)
        },
        SecretShape("circleci-pat", names: ["CIRCLECI_TOKEN", "CIRCLE_TOKEN"], header: .named("Circle-Token")) { r in
            "CCIPAT_" + r.string(.alnum, 22) + "_" + r.string(.hex, 40)
        },
        SecretShape("travis-ci-token", names: ["TRAVIS_API_TOKEN", "TRAVIS_TOKEN"], header: .named("Authorization", scheme: "token "), standalone: false) { $0.string(.base64URL, 22) },
        SecretShape("buildkite-token", names: ["BUILDKITE_API_TOKEN"]) { "bkua_" + $0.string(.hex, 40) },
        SecretShape("docker-hub-pat", names: ["DOCKERHUB_TOKEN", "DOCKER_PASSWORD"]) { "dckr_pat_" + $0.string(.base64URL, 27) },
        SecretShape("docker-hub-oat", names: ["DOCKER_ORG_TOKEN"]) { "dckr_oat_" + $0.string(.base64URL, 32) },
        SecretShape("npm-token", names: ["NPM_TOKEN", "NODE_AUTH_TOKEN"]) { "npm_" + $0.string(.alnum, 36) },
        SecretShape("pypi-token", names: ["PYPI_API_TOKEN", "TWINE_PASSWORD"]) { "pypi-AgEIcHlwaS5vcmc" + $0.string(.base64URL, 120) },
        SecretShape("rubygems-key", names: ["GEM_HOST_API_KEY", "RUBYGEMS_API_KEY"]) { "rubygems_" + $0.string(.hex, 48) },
        SecretShape("nuget-key", names: ["NUGET_API_KEY"], header: .named("X-NuGet-ApiKey")) { "oy2" + $0.string(.lowerAlnum, 43) },
        SecretShape("artifactory-api-key", names: ["ARTIFACTORY_API_KEY"], header: .named("X-JFrog-Art-Api")) { "AKCp" + $0.string(.alnum, 69) },
        SecretShape("artifactory-reference-token", names: ["JFROG_ACCESS_TOKEN"]) { "cmVmdGtuOjAxOjE3" + $0.string(.alnum, 48) },
        SecretShape("sonarqube-user-token", names: ["SONAR_TOKEN"]) { "squ_" + $0.string(.hex, 40) },
        SecretShape("sonarqube-project-token", names: ["SONAR_PROJECT_TOKEN"]) { "sqp_" + $0.string(.hex, 40) },
        SecretShape("sonarqube-analysis-token", names: ["SONAR_GLOBAL_TOKEN"]) { "sqa_" + $0.string(.hex, 40) },
        SecretShape("sourcegraph-token", names: ["SRC_ACCESS_TOKEN"], header: .named("Authorization", scheme: "token ")) { r in
            "sgp_" + r.string(.hex, 16) + "_" + r.string(.hex, 40)
        },
        SecretShape("dependency-track-key", names: ["DTRACK_API_KEY"], header: .named("X-Api-Key")) { "odt_" + $0.string(.alnum, 32) },
        SecretShape("jenkins-api-token", names: ["JENKINS_API_TOKEN", "JENKINS_TOKEN"], header: .named("Authorization", scheme: "Bearer "), standalone: false) { "11" + $0.string(.hex, 32) },
        SecretShape("drone-token", names: ["DRONE_TOKEN"], standalone: false) { $0.string(.alnum, 32) },
        SecretShape("codecov-token", names: ["CODECOV_TOKEN"], standalone: false) { $0.uuid() },
        SecretShape("gitea-token", names: ["GITEA_TOKEN", "FORGEJO_TOKEN"], header: .named("Authorization", scheme: "token "), standalone: false) { $0.string(.hex, 40) },
        SecretShape("terraform-cloud-token", names: ["TFE_TOKEN", "TF_API_TOKEN"]) { r in
            r.string(.alnum, 14) + ".atlasv1." + r.string(.alnum, 67)
        },
        SecretShape("pulumi-token", names: ["PULUMI_ACCESS_TOKEN"]) { "pul-" + $0.string(.hex, 40) },
        SecretShape("snyk-token", names: ["SNYK_TOKEN"], standalone: false) { $0.uuid() },
        SecretShape("azure-devops-pat", names: ["AZURE_DEVOPS_EXT_PAT", "AZDO_PERSONAL_ACCESS_TOKEN"], standalone: false) { r in
            r.string(.alnum, 52) + "JQQJ99" + r.string(.alnum, 18) + "AZDO" + r.string(.alnum, 4)
        },
        SecretShape("azure-devops-pat-legacy", names: ["SYSTEM_ACCESSTOKEN", "ADO_PAT"], standalone: false) { $0.string(Alphabet("abcdefghijklmnopqrstuvwxyz234567"), 52) },
    ]

    static let cloud: [SecretShape] = [
        SecretShape("aws-access-key-id", names: ["AWS_ACCESS_KEY_ID"]) { "AKIA" + $0.string(Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"), 16) },
        SecretShape("aws-temporary-access-key-id", names: ["AWS_ACCESS_KEY_ID"]) { "ASIA" + $0.string(Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"), 16) },
        SecretShape("aws-secret-access-key", names: ["AWS_SECRET_ACCESS_KEY", "aws_secret_access_key"], standalone: false) { $0.string(.base64, 40) },
        SecretShape("aws-session-token", names: ["AWS_SESSION_TOKEN"], header: .named("X-Amz-Security-Token")) { "IQoJb3JpZ2luX2VjE" + $0.string(.base64, 360) },
        SecretShape("azure-storage-key", names: ["AZURE_STORAGE_KEY", "AZURE_STORAGE_ACCOUNT_KEY"], standalone: false) { $0.string(.base64, 86) + "==" },
        SecretShape("azure-cosmosdb-key", names: ["COSMOS_KEY", "AZURE_COSMOS_PRIMARY_KEY"], standalone: false) { $0.string(.base64, 86) + "==" },
        SecretShape("azure-service-bus-key", names: ["SERVICEBUS_SHARED_ACCESS_KEY"], standalone: false) { $0.string(.base64, 43) + "=" },
        SecretShape("azure-ad-client-secret", names: ["AZURE_CLIENT_SECRET", "ARM_CLIENT_SECRET"]) { r in
            r.string(.alnum, 3) + String(r.int(7...8)) + "Q~" + r.string(Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_~.-"), 34)
        },
        SecretShape("azure-openai-key", names: ["AZURE_OPENAI_API_KEY"], header: .named("api-key"), standalone: false) { $0.string(.hex, 32) },
        SecretShape("gcp-api-key", names: ["GOOGLE_API_KEY", "GEMINI_API_KEY", "FIREBASE_API_KEY"], header: .named("X-Goog-Api-Key")) { "AIza" + $0.string(.base64URL, 35) },
        SecretShape("gcp-oauth-client-secret", names: ["GOOGLE_CLIENT_SECRET"]) { "GOCSPX-" + $0.string(.base64URL, 28) },
        SecretShape("google-oauth-access-token", names: ["GOOGLE_ACCESS_TOKEN"]) { "ya29.a0" + $0.string(.base64URL, 150) },
        SecretShape("google-oauth-refresh-token", names: ["GOOGLE_REFRESH_TOKEN"]) { "1//0" + $0.string(.alnum, 1) + $0.string(.base64URL, 98) },
        SecretShape("firebase-fcm-server-key", names: ["FCM_SERVER_KEY"], header: .named("Authorization", scheme: "key=")) { r in
            "AAAA" + r.string(.base64URL, 7) + ":APA91b" + r.string(.base64URL, 134)
        },
        SecretShape("alibaba-access-key-id", names: ["ALIBABA_CLOUD_ACCESS_KEY_ID", "ALICLOUD_ACCESS_KEY"]) { "LTAI" + $0.string(.alnum, 20) },
        SecretShape("alibaba-access-key-secret", names: ["ALIBABA_CLOUD_ACCESS_KEY_SECRET", "ALICLOUD_SECRET_KEY"], standalone: false) { $0.string(.alnum, 30) },
        SecretShape("tencent-secret-id", names: ["TENCENTCLOUD_SECRET_ID"]) { "AKID" + $0.string(.alnum, 32) },
        SecretShape("ibm-cloud-api-key", names: ["IBMCLOUD_API_KEY", "IC_API_KEY"], standalone: false) { $0.string(.base64URL, 44) },
        SecretShape("oracle-oci-auth-token", names: ["OCI_AUTH_TOKEN"], standalone: false) { r in
            r.string(.alnum, 8) + r.string(Alphabet("()<>:;[]{}#+-_."), 2) + r.string(.alnum, 10)
        },
        SecretShape("digitalocean-pat", names: ["DIGITALOCEAN_TOKEN", "DO_API_TOKEN"]) { "dop_v1_" + $0.string(.hex, 64) },
        SecretShape("digitalocean-oauth", names: ["DIGITALOCEAN_ACCESS_TOKEN"]) { "doo_v1_" + $0.string(.hex, 64) },
        SecretShape("digitalocean-refresh", names: ["DO_REFRESH_TOKEN"]) { "dor_v1_" + $0.string(.hex, 64) },
        SecretShape("heroku-api-key", names: ["HEROKU_API_KEY"]) { "HRKU-AA" + $0.string(.base64URL, 58) },
        SecretShape("heroku-api-key-legacy", names: ["HEROKU_API_KEY"], standalone: false) { $0.uuid() },
        SecretShape("fly-token", names: ["FLY_API_TOKEN", "FLY_ACCESS_TOKEN"]) { "fo1_" + $0.string(.base64URL, 43) },
        SecretShape("vercel-token", names: ["VERCEL_TOKEN"], standalone: false) { $0.string(.alnum, 24) },
        SecretShape("netlify-pat", names: ["NETLIFY_AUTH_TOKEN"]) { "nfp_" + $0.string(.alnum, 36) },
        SecretShape("cloudflare-api-token", names: ["CLOUDFLARE_API_TOKEN", "CF_API_TOKEN"], standalone: false) { $0.string(.base64URL, 40) },
        SecretShape("cloudflare-global-key", names: ["CLOUDFLARE_API_KEY", "CF_API_KEY"], header: .named("X-Auth-Key"), standalone: false) { $0.string(.hex, 37) },
        SecretShape("cloudflare-origin-ca-key", names: ["CF_ORIGIN_CA_KEY"], header: .named("X-Auth-User-Service-Key")) { r in
            "v1.0-" + r.string(.hex, 24) + "-" + r.string(.hex, 146)
        },
        SecretShape("linode-token", names: ["LINODE_TOKEN", "LINODE_CLI_TOKEN"], standalone: false) { $0.string(.hex, 64) },
        SecretShape("scaleway-secret-key", names: ["SCW_SECRET_KEY"], header: .named("X-Auth-Token"), standalone: false) { $0.uuid() },
        SecretShape("hetzner-token", names: ["HCLOUD_TOKEN"], standalone: false) { $0.string(.alnum, 64) },
        SecretShape("vultr-api-key", names: ["VULTR_API_KEY"], standalone: false) { $0.string(.upperAlnum, 36) },
        SecretShape("ovh-application-secret", names: ["OVH_APPLICATION_SECRET"], standalone: false) { $0.string(.alnum, 32) },
        SecretShape("yandex-api-key", names: ["YC_API_KEY"], header: .named("Authorization", scheme: "Api-Key ")) { "AQVN" + $0.string(.base64URL, 36) },
        SecretShape("databricks-token", names: ["DATABRICKS_TOKEN"]) { r in "dapi" + r.string(.hex, 32) + (r.chance(0.5) ? "-2" : "") },
        SecretShape("supabase-access-token", names: ["SUPABASE_ACCESS_TOKEN"]) { "sbp_" + $0.string(.hex, 40) },
        SecretShape("planetscale-password", names: ["PLANETSCALE_DB_PASSWORD", "DATABASE_PASSWORD"]) { "pscale_pw_" + $0.string(.base64URL, 43) },
        SecretShape("planetscale-token", names: ["PLANETSCALE_SERVICE_TOKEN"]) { "pscale_tkn_" + $0.string(.base64URL, 43) },
        SecretShape("render-api-key", names: ["RENDER_API_KEY"]) { "rnd_" + $0.string(.alnum, 32) },
        SecretShape("railway-token", names: ["RAILWAY_TOKEN"], header: .named("Project-Access-Token"), standalone: false) { $0.uuid() },
        SecretShape("neon-api-key", names: ["NEON_API_KEY"]) { "napi_" + $0.string(.lowerAlnum, 64) },
        SecretShape("pinecone-api-key", names: ["PINECONE_API_KEY"], header: .named("Api-Key")) { r in
            "pcsk_" + r.string(.alnum, 5) + "_" + r.string(.alnum, 60)
        },
        SecretShape("scalingo-token", names: ["SCALINGO_API_TOKEN"]) { "tk-us-" + $0.string(.base64URL, 48) },
        SecretShape("confluent-api-secret", names: ["CONFLUENT_CLOUD_API_SECRET", "KAFKA_SASL_PASSWORD"], standalone: false) { $0.string(.base64, 64) },
        SecretShape("fastly-api-token", names: ["FASTLY_API_TOKEN"], header: .named("Fastly-Key"), standalone: false) { $0.string(.base64URL, 32) },
    ]

    static let messaging: [SecretShape] = [
        SecretShape("slack-bot-token", names: ["SLACK_BOT_TOKEN", "SLACK_TOKEN"]) { r in
            "xoxb-" + r.string(.digits, r.int(10...13)) + "-" + r.string(.digits, r.int(10...13)) + "-" + r.string(.alnum, 24)
        },
        SecretShape("slack-user-token", names: ["SLACK_USER_TOKEN"]) { r in
            "xoxp-" + r.string(.digits, 12) + "-" + r.string(.digits, 12) + "-" + r.string(.digits, 13) + "-" + r.string(.hex, 32)
        },
        SecretShape("slack-app-token", names: ["SLACK_APP_TOKEN"]) { r in
            "xapp-1-A" + r.string(.upperAlnum, 10) + "-" + r.string(.digits, 13) + "-" + r.string(.hex, 64)
        },
        SecretShape("slack-config-token", names: ["SLACK_CONFIG_TOKEN"]) { "xoxe.xoxp-1-" + $0.string(.alnum, 163) },
        SecretShape("slack-refresh-token", names: ["SLACK_REFRESH_TOKEN"]) { "xoxe-1-" + $0.string(.alnum, 146) },
        SecretShape("discord-bot-token", names: ["DISCORD_TOKEN", "DISCORD_BOT_TOKEN"], header: .named("Authorization", scheme: "Bot ")) { r in
            let id = String(r.int(100_000_000_000_000_000...999_999_999_999_999_999))
            let encoded = Data(id.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
            return encoded + "." + r.string(.base64URL, 6) + "." + r.string(.base64URL, 38)
        },
        SecretShape("telegram-bot-token", names: ["TELEGRAM_BOT_TOKEN", "TG_TOKEN"]) { r in
            String(r.int(100_000_000...9_999_999_999)) + ":AA" + r.string(.base64URL, 33)
        },
        SecretShape("twilio-api-key", names: ["TWILIO_API_KEY"]) { "SK" + $0.string(.hex, 32) },
        SecretShape("twilio-auth-token", names: ["TWILIO_AUTH_TOKEN"], standalone: false) { $0.string(.hex, 32) },
        SecretShape("sendgrid-api-key", names: ["SENDGRID_API_KEY"]) { r in
            "SG." + r.string(.base64URL, 22) + "." + r.string(.base64URL, 43)
        },
        SecretShape("mailgun-api-key", names: ["MAILGUN_API_KEY"]) { "key-" + $0.string(.hex, 32) },
        SecretShape("mailgun-private-key", names: ["MAILGUN_PRIVATE_KEY", "MAILGUN_SIGNING_KEY"], standalone: false) { r in
            r.string(.hex, 32) + "-" + r.string(.hex, 8) + "-" + r.string(.hex, 8)
        },
        SecretShape("mailchimp-api-key", names: ["MAILCHIMP_API_KEY"]) { r in r.string(.hex, 32) + "-us" + String(r.int(1...21)) },
        SecretShape("mandrill-api-key", names: ["MANDRILL_API_KEY"]) { "md-" + $0.string(.base64URL, 22) },
        SecretShape("postmark-server-token", names: ["POSTMARK_SERVER_TOKEN", "POSTMARK_API_TOKEN"], header: .named("X-Postmark-Server-Token"), standalone: false) { $0.uuid() },
        SecretShape("brevo-api-key", names: ["BREVO_API_KEY", "SENDINBLUE_API_KEY"], header: .named("api-key")) { r in
            "xkeysib-" + r.string(.hex, 64) + "-" + r.string(.alnum, 16)
        },
        SecretShape("brevo-smtp-key", names: ["BREVO_SMTP_KEY"]) { r in "xsmtpsib-" + r.string(.hex, 64) + "-" + r.string(.alnum, 16) },
        SecretShape("mailjet-secret-key", names: ["MJ_APIKEY_PRIVATE", "MAILJET_SECRET_KEY"], standalone: false) { $0.string(.hex, 32) },
        SecretShape("vonage-api-secret", names: ["VONAGE_API_SECRET", "NEXMO_API_SECRET"], standalone: false) { $0.string(.alnum, 16) },
        SecretShape("messagebird-key", names: ["MESSAGEBIRD_ACCESS_KEY"], header: .named("Authorization", scheme: "AccessKey "), standalone: false) { $0.string(.alnum, 25) },
        SecretShape("plivo-auth-token", names: ["PLIVO_AUTH_TOKEN"], standalone: false) { $0.string(.alnum, 40) },
        SecretShape("pusher-app-secret", names: ["PUSHER_APP_SECRET", "PUSHER_SECRET"], standalone: false) { $0.string(.hex, 20) },
        SecretShape("intercom-access-token", names: ["INTERCOM_ACCESS_TOKEN"]) { r in
            "dG9rOj" + r.string(.alnum, 54) + "="
        },
        SecretShape("zendesk-api-token", names: ["ZENDESK_API_TOKEN"], standalone: false) { $0.string(.alnum, 40) },
        SecretShape("mattermost-token", names: ["MATTERMOST_TOKEN", "MM_ACCESS_TOKEN"], standalone: false) { $0.string(.lowerAlnum, 26) },
        SecretShape("zoom-client-secret", names: ["ZOOM_CLIENT_SECRET"], standalone: false) { $0.string(.alnum, 32) },
        SecretShape("line-channel-secret", names: ["LINE_CHANNEL_SECRET"], standalone: false) { $0.string(.hex, 32) },
    ]

    static let payments: [SecretShape] = [
        SecretShape("stripe-secret-key", names: ["STRIPE_SECRET_KEY", "STRIPE_API_KEY"]) { "sk_live_51" + $0.string(.alnum, 97) },
        SecretShape("stripe-test-secret-key", names: ["STRIPE_TEST_SECRET_KEY"]) { "sk_test_51" + $0.string(.alnum, 97) },
        SecretShape("stripe-restricted-key", names: ["STRIPE_RESTRICTED_KEY"]) { "rk_live_51" + $0.string(.alnum, 97) },
        SecretShape("stripe-legacy-secret-key", names: ["STRIPE_KEY"]) { "sk_live_" + $0.string(.alnum, 24) },
        SecretShape("stripe-webhook-secret", names: ["STRIPE_WEBHOOK_SECRET"]) { "whsec_" + $0.string(.alnum, 32) },
        SecretShape("square-access-token", names: ["SQUARE_ACCESS_TOKEN"]) { "EAAA" + $0.string(.base64URL, 60) },
        SecretShape("square-oauth-secret", names: ["SQUARE_APPLICATION_SECRET"]) { "sq0csp-" + $0.string(.base64URL, 43) },
        SecretShape("braintree-access-token", names: ["BRAINTREE_ACCESS_TOKEN", "PAYPAL_ACCESS_TOKEN"]) { r in
            "access_token$production$" + r.string(.lowerAlnum, 16) + "$" + r.string(.hex, 32)
        },
        SecretShape("braintree-private-key", names: ["BRAINTREE_PRIVATE_KEY"], standalone: false) { $0.string(.hex, 32) },
        SecretShape("paypal-client-secret", names: ["PAYPAL_CLIENT_SECRET", "PAYPAL_SECRET"], standalone: false) { r in "E" + r.string(.base64URL, 79) },
        SecretShape("shopify-access-token", names: ["SHOPIFY_ACCESS_TOKEN"], header: .named("X-Shopify-Access-Token")) { "shpat_" + $0.string(.hex, 32) },
        SecretShape("shopify-custom-app-token", names: ["SHOPIFY_CUSTOM_APP_TOKEN"], header: .named("X-Shopify-Access-Token")) { "shpca_" + $0.string(.hex, 32) },
        SecretShape("shopify-private-app-token", names: ["SHOPIFY_PASSWORD"], header: .named("X-Shopify-Access-Token")) { "shppa_" + $0.string(.hex, 32) },
        SecretShape("shopify-shared-secret", names: ["SHOPIFY_API_SECRET", "SHOPIFY_SHARED_SECRET"]) { "shpss_" + $0.string(.hex, 32) },
        SecretShape("adyen-api-key", names: ["ADYEN_API_KEY"], header: .named("X-API-Key")) { r in
            "AQE" + r.string(.base64, 69) + "==-" + r.string(.base64, 43) + "=-" + r.string(.alnum, 16)
        },
        SecretShape("razorpay-key-secret", names: ["RAZORPAY_KEY_SECRET"], standalone: false) { $0.string(.alnum, 24) },
        SecretShape("paystack-secret-key", names: ["PAYSTACK_SECRET_KEY"]) { "sk_live_" + $0.string(.hex, 40) },
        SecretShape("flutterwave-secret-key", names: ["FLW_SECRET_KEY"]) { "FLWSECK-" + $0.string(.hex, 32) + "-X" },
        SecretShape("plaid-access-token", names: ["PLAID_ACCESS_TOKEN"]) { "access-production-" + $0.uuid() },
        SecretShape("plaid-secret", names: ["PLAID_SECRET"], standalone: false) { $0.string(.hex, 30) },
        SecretShape("mollie-api-key", names: ["MOLLIE_API_KEY"]) { "live_" + $0.string(.alnum, 30) },
        SecretShape("gocardless-token", names: ["GOCARDLESS_ACCESS_TOKEN"]) { "live_" + $0.string(.base64URL, 40) },
        SecretShape("paddle-api-key", names: ["PADDLE_API_KEY"]) { r in
            "pdl_live_apikey_01" + r.string(.lowerAlnum, 24) + "_" + r.string(.alnum, 22) + "_" + r.string(.alnum, 3)
        },
        SecretShape("authorize-net-transaction-key", names: ["AUTHORIZE_NET_TRANSACTION_KEY", "ANET_TRANSACTION_KEY"], standalone: false) { $0.string(.alnum, 16) },
        SecretShape("wise-api-token", names: ["WISE_API_TOKEN", "TRANSFERWISE_TOKEN"], standalone: false) { $0.uuid() },
        SecretShape("shippo-token", names: ["SHIPPO_API_TOKEN"], header: .named("Authorization", scheme: "ShippoToken ")) { "shippo_live_" + $0.string(.hex, 40) },
        SecretShape("easypost-api-key", names: ["EASYPOST_API_KEY"]) { "EZAK" + $0.string(.alnum, 54) },
    ]

    static let observability: [SecretShape] = [
        SecretShape("newrelic-user-key", names: ["NEW_RELIC_API_KEY"], header: .named("Api-Key")) { "NRAK-" + $0.string(.upperAlnum, 27) },
        SecretShape("newrelic-license-key", names: ["NEW_RELIC_LICENSE_KEY"], header: .named("X-License-Key")) { $0.string(.hex, 36) + "NRAL" },
        SecretShape("newrelic-insert-key", names: ["NEW_RELIC_INSERT_KEY"], header: .named("X-Insert-Key")) { "NRII-" + $0.string(.base64URL, 32) },
        SecretShape("newrelic-browser-key", names: ["NEW_RELIC_BROWSER_KEY"]) { "NRJS-" + $0.string(.hex, 19) },
        SecretShape("datadog-api-key", names: ["DD_API_KEY", "DATADOG_API_KEY"], header: .named("DD-API-KEY"), standalone: false) { $0.string(.hex, 32) },
        SecretShape("datadog-app-key", names: ["DD_APP_KEY", "DATADOG_APP_KEY"], header: .named("DD-APPLICATION-KEY"), standalone: false) { $0.string(.hex, 40) },
        SecretShape("grafana-cloud-token", names: ["GRAFANA_CLOUD_TOKEN"]) { r in
            "glc_eyJvIjoi" + r.string(.alnum, 100) + "In19"
        },
        SecretShape("grafana-service-account-token", names: ["GRAFANA_TOKEN", "GRAFANA_SERVICE_ACCOUNT_TOKEN"]) { r in
            "glsa_" + r.string(.alnum, 32) + "_" + r.string(.hex, 8)
        },
        SecretShape("sentry-user-token", names: ["SENTRY_AUTH_TOKEN"]) { "sntryu_" + $0.string(.hex, 64) },
        SecretShape("sentry-org-token", names: ["SENTRY_ORG_TOKEN"]) { r in
            "sntrys_eyJpYXQiOjE3" + r.string(.alnum, 120) + "_" + r.string(.base64URL, 43)
        },
        SecretShape("honeycomb-ingest-key", names: ["HONEYCOMB_API_KEY"], header: .named("X-Honeycomb-Team")) { "hcaik_01" + $0.string(.lowerAlnum, 56) },
        SecretShape("honeycomb-config-key", names: ["HONEYCOMB_WRITEKEY"], header: .named("X-Honeycomb-Team"), standalone: false) { $0.string(.alnum, 22) },
        SecretShape("splunk-hec-token", names: ["SPLUNK_HEC_TOKEN"], header: .named("Authorization", scheme: "Splunk "), standalone: false) { $0.uuid().uppercased() },
        SecretShape("dynatrace-token", names: ["DT_API_TOKEN", "DYNATRACE_API_TOKEN"], header: .named("Authorization", scheme: "Api-Token ")) { r in
            "dt0c01." + r.string(.upperAlnum, 24) + "." + r.string(.upperAlnum, 64)
        },
        SecretShape("rollbar-token", names: ["ROLLBAR_ACCESS_TOKEN"], header: .named("X-Rollbar-Access-Token"), standalone: false) { $0.string(.hex, 32) },
        SecretShape("bugsnag-api-key", names: ["BUGSNAG_API_KEY"], header: .named("Bugsnag-Api-Key"), standalone: false) { $0.string(.hex, 32) },
        SecretShape("elastic-api-key", names: ["ELASTIC_API_KEY", "ES_API_KEY"], header: .named("Authorization", scheme: "ApiKey "), standalone: false) { r in
            Data((r.string(.base64URL, 20) + ":" + r.string(.base64URL, 22)).utf8).base64EncodedString()
        },
        SecretShape("algolia-admin-key", names: ["ALGOLIA_ADMIN_KEY", "ALGOLIA_API_KEY"], header: .named("X-Algolia-API-Key"), standalone: false) { $0.string(.hex, 32) },
        SecretShape("pagerduty-token", names: ["PAGERDUTY_TOKEN", "PD_API_KEY"], header: .named("Authorization", scheme: "Token token="), standalone: false) { "u+" + $0.string(.base64URL, 18) },
        SecretShape("axiom-token", names: ["AXIOM_TOKEN"]) { "xaat-" + $0.uuid() },
        SecretShape("coralogix-key", names: ["CORALOGIX_PRIVATE_KEY"]) { "cxtp_" + $0.string(.alnum, 30) },
        SecretShape("lightstep-token", names: ["LIGHTSTEP_ACCESS_TOKEN"], header: .named("Lightstep-Access-Token"), standalone: false) { $0.string(.alnum, 84) },
        SecretShape("logzio-token", names: ["LOGZIO_TOKEN"], standalone: false) { $0.string(.alpha, 32) },
    ]

    static let identity: [SecretShape] = [
        SecretShape("okta-api-token", names: ["OKTA_API_TOKEN", "OKTA_CLIENT_TOKEN"], header: .named("Authorization", scheme: "SSWS ")) { "00" + $0.string(.base64URL, 40) },
        SecretShape("auth0-client-secret", names: ["AUTH0_CLIENT_SECRET"], standalone: false) { $0.string(.base64URL, 64) },
        SecretShape("doppler-personal-token", names: ["DOPPLER_TOKEN"]) { "dp.pt." + $0.string(.alnum, 43) },
        SecretShape("doppler-service-token", names: ["DOPPLER_SERVICE_TOKEN"]) { "dp.st.prd." + $0.string(.alnum, 40) },
        SecretShape("doppler-service-account", names: ["DOPPLER_SA_TOKEN"]) { "dp.sa." + $0.string(.alnum, 40) },
        SecretShape("vault-service-token", names: ["VAULT_TOKEN"], header: .named("X-Vault-Token")) { "hvs." + $0.string(.base64URL, 90) },
        SecretShape("vault-batch-token", names: ["VAULT_BATCH_TOKEN"], header: .named("X-Vault-Token")) { "hvb." + $0.string(.base64URL, 138) },
        SecretShape("vault-legacy-token", names: ["VAULT_TOKEN"], header: .named("X-Vault-Token")) { "s." + $0.string(.alnum, 24) },
        SecretShape("1password-service-account", names: ["OP_SERVICE_ACCOUNT_TOKEN"]) { "ops_eyJzaWduSW5BZGRyZXNzIjoi" + $0.string(.alnum, 220) },
        SecretShape("1password-secret-key", names: ["OP_SECRET_KEY"]) { r in
            let a = Alphabet("ABCDEFGHJKLMNPQRSTVWXYZ23456789")
            return "A3-" + r.string(a, 6) + "-" + r.string(a, 6) + "-" + r.string(a, 5) + "-" + r.string(a, 5) + "-" + r.string(a, 5) + "-" + r.string(a, 5)
        },
        SecretShape("age-secret-key", names: ["SOPS_AGE_KEY", "AGE_SECRET_KEY"]) { "AGE-SECRET-KEY-1" + $0.string(.bech32Upper, 58) },
        SecretShape("clerk-secret-key", names: ["CLERK_SECRET_KEY"]) { "sk_live_" + $0.string(.alnum, 42) },
        SecretShape("keycloak-client-secret", names: ["KEYCLOAK_CLIENT_SECRET", "KC_CLIENT_SECRET"], standalone: false) { $0.string(.alnum, 32) },
        SecretShape("infisical-token", names: ["INFISICAL_TOKEN"]) { r in "st." + r.uuid() + "." + r.string(.hex, 32) + "." + r.string(.hex, 32) },
        SecretShape("launchdarkly-sdk-key", names: ["LAUNCHDARKLY_SDK_KEY", "LD_SDK_KEY"]) { "sdk-" + $0.uuid() },
        SecretShape("launchdarkly-api-token", names: ["LAUNCHDARKLY_ACCESS_TOKEN"]) { "api-" + $0.uuid() },
        SecretShape("harness-pat", names: ["HARNESS_API_KEY"], header: .named("x-api-key")) { r in
            "pat." + r.string(.base64URL, 22) + "." + r.string(.hex, 24) + "." + r.string(.alnum, 20)
        },
        SecretShape("jwt", names: ["ACCESS_TOKEN", "ID_TOKEN", "SUPABASE_SERVICE_ROLE_KEY"]) { r in
            let header = #"{"alg":"HS256","typ":"JWT"}"#
            let payload = #"{"sub":""# + r.string(.digits, 10) + #"","role":"service_role","iat":"# + String(r.int(1_600_000_000...1_800_000_000)) + "}"
            func b64url(_ s: String) -> String {
                Data(s.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                    .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            }
            return b64url(header) + "." + b64url(payload) + "." + r.string(.base64URL, 43)
        },
    ]

    static let ai: [SecretShape] = [
        SecretShape("openai-project-key", names: ["OPENAI_API_KEY"]) { "sk-proj-" + $0.string(.base64URL, 156) },
        SecretShape("openai-legacy-key", names: ["OPENAI_API_KEY", "OPENAI_KEY"]) { r in r.chance(0.5) ? "sk-" + r.string(.alnum, 20) + "T3BlbkFJ" + r.string(.alnum, 20) : "sk-" + r.string(.alnum, 48) },
        SecretShape("openai-service-account-key", names: ["OPENAI_API_KEY"]) { "sk-svcacct-" + $0.string(.base64URL, 156) },
        SecretShape("openai-admin-key", names: ["OPENAI_ADMIN_KEY"]) { "sk-admin-" + $0.string(.base64URL, 156) },
        SecretShape("anthropic-api-key", names: ["ANTHROPIC_API_KEY", "CLAUDE_API_KEY"], header: .named("x-api-key")) { "sk-ant-api03-" + $0.string(.base64URL, 93) + "AA" },
        SecretShape("anthropic-admin-key", names: ["ANTHROPIC_ADMIN_KEY"], header: .named("x-api-key")) { "sk-ant-admin01-" + $0.string(.base64URL, 93) + "AA" },
        SecretShape("huggingface-token", names: ["HF_TOKEN", "HUGGINGFACE_TOKEN", "HUGGING_FACE_HUB_TOKEN"]) { "hf_" + $0.string(.alpha, 34) },
        SecretShape("huggingface-org-token", names: ["HF_ORG_TOKEN"]) { "api_org_" + $0.string(.alpha, 34) },
        SecretShape("cohere-api-key", names: ["COHERE_API_KEY", "CO_API_KEY"], standalone: false) { $0.string(.alnum, 40) },
        SecretShape("groq-api-key", names: ["GROQ_API_KEY"]) { "gsk_" + $0.string(.alnum, 52) },
        SecretShape("tavily-api-key", names: ["TAVILY_API_KEY"]) { r in "tvly-" + (r.chance(0.5) ? "dev-" : "") + r.string(.alnum, 32) },
        SecretShape("perplexity-api-key", names: ["PERPLEXITY_API_KEY", "PPLX_API_KEY"]) { "pplx-" + $0.string(.alnum, 48) },
        SecretShape("mistral-api-key", names: ["MISTRAL_API_KEY"], standalone: false) { $0.string(.alnum, 32) },
        SecretShape("replicate-token", names: ["REPLICATE_API_TOKEN"]) { "r8_" + $0.string(.alnum, 37) },
        SecretShape("xai-api-key", names: ["XAI_API_KEY", "GROK_API_KEY"]) { "xai-" + $0.string(.alnum, 80) },
        SecretShape("deepseek-api-key", names: ["DEEPSEEK_API_KEY"]) { "sk-" + $0.string(.hex, 32) },
        SecretShape("fireworks-api-key", names: ["FIREWORKS_API_KEY"]) { "fw_" + $0.string(.alnum, 24) },
        SecretShape("together-api-key", names: ["TOGETHER_API_KEY"]) { "tgp_v1_" + $0.string(.base64URL, 43) },
        SecretShape("elevenlabs-api-key", names: ["ELEVENLABS_API_KEY", "XI_API_KEY"], header: .named("xi-api-key")) { "sk_" + $0.string(.hex, 48) },
        SecretShape("assemblyai-api-key", names: ["ASSEMBLYAI_API_KEY"], header: .named("Authorization", scheme: ""), standalone: false) { $0.string(.hex, 32) },
        SecretShape("deepgram-api-key", names: ["DEEPGRAM_API_KEY"], header: .named("Authorization", scheme: "Token "), standalone: false) { $0.string(.hex, 40) },
        SecretShape("langsmith-api-key", names: ["LANGSMITH_API_KEY", "LANGCHAIN_API_KEY"], header: .named("x-api-key")) { r in
            "lsv2_" + r.pick(["pt", "sk"]) + "_" + r.string(.hex, 32) + "_" + r.string(.hex, 10)
        },
        SecretShape("wandb-api-key", names: ["WANDB_API_KEY"], standalone: false) { $0.string(.hex, 40) },
        SecretShape("openrouter-api-key", names: ["OPENROUTER_API_KEY"]) { "sk-or-v1-" + $0.string(.hex, 64) },
        SecretShape("cerebras-api-key", names: ["CEREBRAS_API_KEY"]) { "csk-" + $0.string(.lowerAlnum, 48) },
        SecretShape("voyage-api-key", names: ["VOYAGE_API_KEY"]) { "pa-" + $0.string(.base64URL, 43) },
    ]

    static let saas: [SecretShape] = [
        SecretShape("salesforce-access-token", names: ["SALESFORCE_ACCESS_TOKEN", "SF_ACCESS_TOKEN"]) { r in
            "00D" + r.string(.alnum, 12) + "!" + r.string(.alnum, 2) + r.string(Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._"), 94)
        },
        SecretShape("notion-token", names: ["NOTION_TOKEN", "NOTION_API_KEY"]) { "ntn_" + $0.string(.digits, 11) + $0.string(.alnum, 35) },
        SecretShape("notion-legacy-token", names: ["NOTION_TOKEN"]) { "secret_" + $0.string(.alnum, 43) },
        SecretShape("linear-api-key", names: ["LINEAR_API_KEY"], header: .named("Authorization", scheme: "")) { "lin_api_" + $0.string(.alnum, 40) },
        SecretShape("asana-pat", names: ["ASANA_ACCESS_TOKEN", "ASANA_PAT"]) { r in
            "2/" + r.string(.digits, 16) + "/" + r.string(.digits, 16) + ":" + r.string(.hex, 32)
        },
        SecretShape("figma-pat", names: ["FIGMA_TOKEN", "FIGMA_ACCESS_TOKEN"], header: .named("X-Figma-Token")) { "figd_" + $0.string(.base64URL, 40) },
        SecretShape("airtable-pat", names: ["AIRTABLE_API_KEY", "AIRTABLE_TOKEN"]) { r in "pat" + r.string(.alnum, 14) + "." + r.string(.hex, 64) },
        SecretShape("contentful-pat", names: ["CONTENTFUL_MANAGEMENT_TOKEN"]) { "CFPAT-" + $0.string(.base64URL, 43) },
        SecretShape("contentful-delivery-token", names: ["CONTENTFUL_ACCESS_TOKEN", "CONTENTFUL_DELIVERY_TOKEN"], standalone: false) { $0.string(.base64URL, 43) },
        SecretShape("trello-token", names: ["TRELLO_TOKEN"]) { r in "ATTA" + r.string(.hex, 64) + r.string(.upperHex, 8) },
        SecretShape("clickup-token", names: ["CLICKUP_API_TOKEN"], header: .named("Authorization", scheme: "")) { r in
            "pk_" + r.string(.digits, 8) + "_" + r.string(.upperAlnum, 32)
        },
        SecretShape("typeform-token", names: ["TYPEFORM_TOKEN"]) { r in "tfp_" + r.string(.base64URL, 44) + "_" + r.string(.alnum, 14) },
        SecretShape("hubspot-private-app-token", names: ["HUBSPOT_ACCESS_TOKEN", "HUBSPOT_PRIVATE_APP_TOKEN"]) { r in
            "pat-" + r.pick(["na1", "na2", "eu1"]) + "-" + r.uuid()
        },
        SecretShape("dropbox-short-lived-token", names: ["DROPBOX_ACCESS_TOKEN"]) { "sl." + $0.string(.base64URL, 135) },
        SecretShape("box-developer-token", names: ["BOX_DEVELOPER_TOKEN"], standalone: false) { $0.string(.alnum, 32) },
        SecretShape("twitter-bearer-token", names: ["TWITTER_BEARER_TOKEN", "X_BEARER_TOKEN"]) { r in
            "AAAAAAAAAAAAAAAAAAAAA" + r.string(.alnum, 25) + "%3D" + r.string(.alnum, 50)
        },
        SecretShape("facebook-access-token", names: ["FACEBOOK_ACCESS_TOKEN", "FB_PAGE_TOKEN"]) { "EAAG" + $0.string(.alnum, 180) },
        SecretShape("mapbox-secret-token", names: ["MAPBOX_SECRET_TOKEN", "MAPBOX_DOWNLOADS_TOKEN"]) { r in
            "sk.eyJ1IjoiY" + r.string(.alnum, 50) + "." + r.string(.base64URL, 22)
        },
        SecretShape("postman-api-key", names: ["POSTMAN_API_KEY"], header: .named("X-Api-Key")) { r in
            "PMAK-" + r.string(.hex, 24) + "-" + r.string(.hex, 34)
        },
        SecretShape("frameio-token", names: ["FRAMEIO_TOKEN"]) { "fio-u-" + $0.string(.base64URL, 64) },
        SecretShape("prefect-api-key", names: ["PREFECT_API_KEY"]) { "pnu_" + $0.string(.alnum, 36) },
        SecretShape("readme-api-key", names: ["README_API_KEY"]) { "rdme_" + $0.string(.lowerAlnum, 70) },
        SecretShape("zapier-webhook", names: ["ZAPIER_WEBHOOK_SECRET"], standalone: false) { $0.string(.lowerAlnum, 7) + $0.string(.alnum, 25) },
        SecretShape("segment-write-key", names: ["SEGMENT_WRITE_KEY"], standalone: false) { $0.string(.alnum, 32) },
        SecretShape("mixpanel-api-secret", names: ["MIXPANEL_API_SECRET"], standalone: false) { $0.string(.hex, 32) },
        SecretShape("amplitude-secret-key", names: ["AMPLITUDE_SECRET_KEY"], standalone: false) { $0.string(.hex, 32) },
        SecretShape("github-app-client-secret", names: ["GITHUB_CLIENT_SECRET"], standalone: false) { $0.string(.hex, 40) },
        SecretShape("slack-signing-secret", names: ["SLACK_SIGNING_SECRET"], standalone: false) { $0.string(.hex, 32) },
        SecretShape("discord-client-secret", names: ["DISCORD_CLIENT_SECRET"], standalone: false) { $0.string(.base64URL, 32) },
        SecretShape("twitch-client-secret", names: ["TWITCH_CLIENT_SECRET"], standalone: false) { $0.string(.lowerAlnum, 30) },
        SecretShape("spotify-client-secret", names: ["SPOTIFY_CLIENT_SECRET"], standalone: false) { $0.string(.hex, 32) },
        SecretShape("linkedin-client-secret", names: ["LINKEDIN_CLIENT_SECRET"], standalone: false) { $0.string(.alnum, 16) },
        SecretShape("monday-api-token", names: ["MONDAY_API_TOKEN"]) { r in
            "eyJhbGciOiJIUzI1NiJ9.eyJ0aWQiOj" + r.string(.base64URL, 130) + "." + r.string(.base64URL, 43)
        },
    ]
}

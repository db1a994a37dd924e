import Foundation
import LoupeRedaction

// Token-category secrets that live inside a larger structure: webhook URLs, Azure storage
// connection strings and SAS signatures.

extension StructuredSecret {
    static func slackHook(_ r: inout SplitMix64) -> (String, String) {
        let path = "T" + r.string(.upperAlnum, r.int(8...10)) + "/B" + r.string(.upperAlnum, r.int(8...10)) + "/" + r.string(.alnum, 24)
        return ("https://hooks.slack.com/services/" + path, path)
    }
    static func discordHook(_ r: inout SplitMix64) -> (String, String) {
        let token = r.string(.base64URL, 68)
        return ("https://discord.com/api/webhooks/\(r.string(.digits, 18))/\(token)", token)
    }
    static func teamsHook(_ r: inout SplitMix64) -> (String, String) {
        let path = "\(r.uuid())@\(r.uuid())/IncomingWebhook/\(r.string(.hex, 32))/\(r.uuid())/V2\(r.string(.base64URL, 43))"
        return ("https://\(r.pick(["contoso", "example", "acme"])).webhook.office.com/webhookb2/\(path)", path)
    }
    static func azureConnection(_ r: inout SplitMix64) -> (String, String) {
        let key = r.string(.base64, 86) + "=="
        return ("DefaultEndpointsProtocol=https;AccountName=\(r.string(.lowerAlnum, 12));AccountKey=\(key);EndpointSuffix=core.windows.net", key)
    }
    static func sasSignature(_ r: inout SplitMix64) -> String { Encode.percent(r.string(.base64, 43) + "=") }
    static func sasQuery(_ r: inout SplitMix64, sig: String) -> String {
        "sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2026-12-0\(r.int(1...9))T18:00:00Z&st=2026-11-25T09:00:00Z&spr=https&sig=\(sig)"
    }

    static let tokens: [StructuredSecret] = [
        StructuredSecret("slack-webhook", .token, repeats: 3, tuning: [
            { r in let (u, s) = slackHook(&r); return Placement(.text, "env", "SLACK_WEBHOOK_URL=\(u)", secrets: [s]) },
            { r in let (u, s) = slackHook(&r); return Placement(.url, "url", u, secrets: [s]) },
            { r in let (u, s) = slackHook(&r); return Placement(.text, "curl", "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy done\"}' \(u)", secrets: [s]) },
        ], heldOut: HeldOut.slackWebhook),
        StructuredSecret("discord-webhook", .token, repeats: 3, tuning: [
            { r in let (u, s) = discordHook(&r); return Placement(.text, "env", "DISCORD_WEBHOOK=\(u)", secrets: [s]) },
            { r in let (u, s) = discordHook(&r); return Placement(.url, "url", u + "?wait=true", secrets: [s]) },
        ], heldOut: HeldOut.discordWebhook),
        StructuredSecret("teams-webhook", .token, repeats: 3, tuning: [
            { r in let (u, s) = teamsHook(&r); return Placement(.text, "log", "posting card to \(u)", secrets: [s]) },
            { r in let (u, s) = teamsHook(&r); return Placement(.url, "url", u, secrets: [s]) },
        ], heldOut: HeldOut.teamsWebhook),
        StructuredSecret("azure-storage-connection-string", .token, repeats: 3, tuning: [
            { r in let (c, k) = azureConnection(&r); return Placement(.text, "env", "AZURE_STORAGE_CONNECTION_STRING=\"\(c)\"", secrets: [k]) },
            { r in let (c, k) = azureConnection(&r); return Placement(.json, "json", #"{"Values":{"AzureWebJobsStorage":"\#(c)"}}"#, secrets: [k]) },
        ], heldOut: HeldOut.azureStorageConnectionString),
        StructuredSecret("azure-sas-token", .token, repeats: 3, tuning: [
            { r in let s = sasSignature(&r); return Placement(.url, "url", "https://\(r.string(.lowerAlnum, 10)).blob.core.windows.net/backups/db.bak?\(sasQuery(&r, sig: s))", secrets: [s]) },
            { r in let s = sasSignature(&r); return Placement(.text, "env", "AZURE_SAS_TOKEN=\"?\(sasQuery(&r, sig: s))\"", secrets: [s]) },
        ], heldOut: HeldOut.azureSASToken),
    ]
}

import Foundation
import LoupeRedaction

// Third batch, TUNING ONLY (no held-out templates, so the held-out set is unchanged): package
// registry credentials in their own files, phone numbers written with the separators and
// extensions people use, and forms, signatures and invoices labelled in other languages.

extension StructuredSecret {
    static let forms: [StructuredSecret] = [registryCredentials, pipedSecrets, toolPasswords, phonesAsWritten, phonesInForms, identityInForms, paymentInForms]

    // MARK: Package registries

    static let registryCredentials = StructuredSecret("registry-credential", .credential, repeats: 4, tuning: [
        { r in let t = r.string(.base64, 40) + "="; return Placement(.text, "npmrc", "registry=https://npm.example.com/\n//npm.example.com/:_authToken=\(t)\nalways-auth=true\n", secrets: [t]) },
        { r in let b = Data("\(user(&r)):\(pw(&r))".utf8).base64EncodedString(); return Placement(.text, "npmrc", "@acme:registry=https://nexus.example.com/repository/npm/\n//nexus.example.com/repository/npm/:_auth=\(b)\n", secrets: [b]) },
        { r in let b = Data(pw(&r).utf8).base64EncodedString(); return Placement(.text, "npmrc", "//artifactory.example.com/api/npm/npm/:username=\(user(&r))\n//artifactory.example.com/api/npm/npm/:_password=\(b)\n", secrets: [b]) },
        { r in let p = pw(&r); return Placement(.text, "pypirc", "[distutils]\nindex-servers =\n    internal\n\n[internal]\nrepository = https://pypi.example.com/\nusername = \(user(&r))\npassword = \(p)\n", secrets: [p]) },
        { r in let p = Encode.percent(pw(&r)); return Placement(.text, "pip.conf", "[global]\ntimeout = 60\nindex-url = https://\(user(&r)):\(p)@pypi.example.com/simple\n", secrets: [p]) },
        { r in let p = Encode.xml(pw(&r)); return Placement(.text, "xml", "<settings>\n  <servers>\n    <server>\n      <id>\(r.pick(["nexus-releases", "github"]))</id>\n      <username>\(user(&r))</username>\n      <password>\(p)</password>\n    </server>\n  </servers>\n</settings>", secrets: [p]) },
        { r in let b = Data("\(user(&r)):\(pw(&r))".utf8).base64EncodedString(); return Placement(.text, "json", "{\n\t\"auths\": {\n\t\t\"registry.example.com\": {\n\t\t\t\"auth\": \"\(b)\"\n\t\t}\n\t}\n}", secrets: [b]) },
        { r in let p = Encode.json(pw(&r)); return Placement(.text, "json", "{\n    \"http-basic\": {\n        \"repo.example.com\": {\n            \"username\": \"\(user(&r))\",\n            \"password\": \"\(p)\"\n        }\n    }\n}", secrets: [p]) },
        { r in let p = Encode.percent(pw(&r)); return Placement(.text, "git-credentials", "https://\(user(&r)):\(p)@git.example.com\n", secrets: [p]) },
        { r in let p = Encode.xml(pw(&r)); return Placement(.text, "xml", "<packageSourceCredentials>\n  <Internal>\n    <add key=\"Username\" value=\"\(user(&r))\" />\n    <add key=\"ClearTextPassword\" value=\"\(p)\" />\n  </Internal>\n</packageSourceCredentials>", secrets: [p]) },
        { r in let t = r.string(.alnum, 32); return Placement(.text, "yaml", "npmRegistries:\n  \"//npm.example.com\":\n    npmAlwaysAuth: true\n    npmAuthToken: \"\(t)\"\n", secrets: [t]) },
        { r in let t = r.string(.alnum, 32); return Placement(.text, "toml", "# ~/.cargo/credentials.toml\n[registries.\(r.pick(["internal", "acme"]))]\ntoken = \"\(t)\"\n", secrets: [t]) },
    ], heldOut: [])

    /// A value echoed into a secret store's command, before the name it is stored under.
    static let pipedSecrets = StructuredSecret("piped-secret", .credential, repeats: 3, tuning: [
        { r in let t = r.string(.alnum, 32); return Placement(.text, "shell", "echo \"\(t)\" | docker secret create \(r.pick(["api_key", "jwt_secret"])) -", secrets: [t]) },
        { r in let t = r.string(.base64URL, 40); return Placement(.text, "shell", "printf '%s' '\(t)' | gh secret set \(r.pick(["NPM_TOKEN", "DEPLOY_KEY"])) --repo acme/api", secrets: [t]) },
        { r in let t = r.string(.hex, 40); return Placement(.text, "shell", "docker secret create \(r.pick(["db_password", "webhook_secret"])) - <<< \"\(t)\"", secrets: [t]) },
    ], heldOut: [])

    /// Passwords in tools' own syntaxes: ODBC brace-quoted values, OpenLDAP's -w, positional connect
    /// calls, a Go MySQL DSN, Java XML properties.
    static let toolPasswords = StructuredSecret("tool-password", .credential, repeats: 3, tuning: [
        { r in let p = pw(&r); return Placement(.text, "python", "conn = pyodbc.connect(\"Driver={ODBC Driver 18 for SQL Server};Server=\(host(&r));Uid=\(user(&r));Pwd={\(p)};Encrypt=yes\")", secrets: [p]) },
        { r in let p = pw(&r); return Placement(.text, "shell", "ldapsearch -x -H ldaps://ldap.example.org -D \"cn=\(user(&r)),dc=example,dc=org\" -w '\(p)' -b dc=example,dc=org \"(uid=ann)\"", secrets: [p]) },
        { r in let p = pw(&r); return Placement(.text, "php", "$link = mysqli_connect(\"\(host(&r))\", \"\(user(&r))\", \"\(p)\", \"shop\");", secrets: [p]) },
        { r in let p = Encode.percent(pw(&r)); return Placement(.text, "go", "db, err := sql.Open(\"mysql\", \"\(user(&r)):\(p)@tcp(\(host(&r)):3306)/shop?parseTime=true\")", secrets: [p]) },
        { r in let p = Encode.xml(pw(&r)); return Placement(.text, "xml", "<properties>\n  <entry key=\"db.user\">\(user(&r))</entry>\n  <entry key=\"db.password\">\(p)</entry>\n</properties>", secrets: [p]) },
    ], heldOut: [])

    // MARK: Phones as people write them

    /// A phone number of one of many countries, written with the separators, prefixes and
    /// extensions seen in signatures, forms and spreadsheets (dots, slashes, dashes, no
    /// separators, `(0)`, `00` international prefixes, parentheses around area codes).
    static func writtenPhone(_ r: inout SplitMix64) -> String {
        func d(_ n: Int, _ r: inout SplitMix64) -> String { r.string(.digits, n) }
        func nz(_ n: Int, _ r: inout SplitMix64) -> String { SecretShape.nonZeroLead(&r, n) }
        let area = "\(r.int(2...9))\(r.int(0...8))\(r.int(0...9))", ex = "\(r.int(2...9))\(d(2, &r))"
        let number: String
        switch r.int(0...17) {
        case 0: number = r.pick(["\(area).\(ex).\(d(4, &r))", "(\(area))\(ex)-\(d(4, &r))", "\(area)/\(ex)-\(d(4, &r))", "+1.\(area).\(ex).\(d(4, &r))", "+1-\(area)-\(ex)-\(d(4, &r))", "1 (\(area)) \(ex)-\(d(4, &r))", "\(area) \(ex) \(d(4, &r))"])
        case 1: number = r.pick(["+49 (0)89 \(nz(6, &r))-\(d(2, &r))", "089/\(nz(3, &r)) \(d(3, &r))-\(d(2, &r))", "0171/\(nz(7, &r))", "+49-171-\(nz(7, &r))", "0049 30 \(nz(8, &r))", "+49.30.\(nz(7, &r))", "030 - \(nz(3, &r)) \(d(3, &r)) \(d(2, &r))"])
        case 2: number = r.pick(["0\(r.int(1...7))-\(d(2, &r))-\(d(2, &r))-\(d(2, &r))-\(d(2, &r))", "+33 (0)\(r.int(1...7)) \(d(2, &r)) \(d(2, &r)) \(d(2, &r)) \(d(2, &r))", "0033 \(r.int(1...7)) \(d(2, &r)) \(d(2, &r)) \(d(2, &r)) \(d(2, &r))", "+33.\(r.int(6...7)).\(d(2, &r)).\(d(2, &r)).\(d(2, &r)).\(d(2, &r))"])
        case 3: number = r.pick(["+44 (0) 20 \(r.int(3...8))\(d(3, &r)) \(d(4, &r))", "020-\(r.int(3...8))\(d(3, &r))-\(d(4, &r))", "07\(r.int(1...9))\(d(2, &r))-\(d(6, &r))", "+44-7\(r.int(1...9))\(d(2, &r))-\(d(6, &r))", "(020) \(r.int(3...8))\(d(3, &r)) \(d(4, &r))", "0044 7\(r.int(1...9))\(d(2, &r)) \(d(6, &r))"])
        case 4: number = r.pick(["+39 06-\(d(4, &r))-\(d(4, &r))", "06/\(d(8, &r))", "3\(r.int(20...49)).\(d(3, &r)).\(d(4, &r))", "0039 3\(r.int(20...49)) \(d(7, &r))", "+39 02.\(d(4, &r)).\(d(4, &r))"])
        case 5: number = r.pick(["+34 9\(r.int(1...8))\(d(1, &r))-\(d(3, &r))-\(d(3, &r))", "9\(r.int(1...8))\(d(1, &r)).\(d(3, &r)).\(d(3, &r))", "(+34) 6\(d(2, &r)) \(d(2, &r)) \(d(2, &r)) \(d(2, &r))", "0034 6\(d(8, &r))"])
        case 6: number = r.pick(["+31 (0)20-\(nz(7, &r))", "06 - \(nz(2, &r)) \(d(2, &r)) \(d(2, &r)) \(d(2, &r))", "0031 6 \(nz(8, &r))", "+31 (0)6 \(nz(8, &r))", "010-\(nz(3, &r)) \(d(2, &r)) \(d(2, &r))"])
        case 7: number = r.pick(["+351 9\(r.pick(["1", "2", "3", "6"]))\(d(1, &r)) \(d(3, &r)) \(d(3, &r))", "+351 21 \(d(3, &r)) \(d(4, &r))", "9\(r.pick(["1", "2", "3", "6"]))\(d(7, &r))", "(+351) 22 \(d(3, &r)) \(d(2, &r)) \(d(2, &r))"])
        case 8: number = r.pick(["03(\(d(4, &r)))\(d(4, &r))", "0\(r.pick(["70", "80", "90"]))-\(d(4, &r))-\(d(4, &r))", "+81-\(r.pick(["70", "80", "90"]))-\(d(4, &r))-\(d(4, &r))", "(03) \(d(4, &r))-\(d(4, &r))", "+81 (0)3-\(d(4, &r))-\(d(4, &r))"])
        case 9: number = r.pick(["(\(r.int(1...9))\(r.int(1...9))) 9\(d(4, &r))-\(d(4, &r))", "+55 \(r.int(1...9))\(r.int(1...9)) 9\(d(4, &r)) \(d(4, &r))", "\(r.int(1...9))\(r.int(1...9)) 9 \(d(4, &r))-\(d(4, &r))", "+55 (\(r.int(1...9))\(r.int(1...9))) 9 \(d(4, &r))-\(d(4, &r))"])
        case 10: number = r.pick(["(0\(r.pick(["2", "3", "7", "8"]))) \(r.int(3...9))\(d(3, &r)) \(d(4, &r))", "04\(d(2, &r))-\(d(3, &r))-\(d(3, &r))", "+61 (0)4\(d(2, &r)) \(d(3, &r)) \(d(3, &r))", "+61-4\(d(2, &r))-\(d(3, &r))-\(d(3, &r))"])
        case 11: number = r.pick(["+91-\(r.int(6...9))\(d(4, &r))-\(d(5, &r))", "0\(r.int(6...9))\(d(4, &r))-\(d(5, &r))", "+91 (22) \(d(4, &r)) \(d(4, &r))", "+91 \(r.int(6...9))\(d(2, &r)) \(d(3, &r)) \(d(4, &r))"])
        case 12: number = r.pick(["+41 \(r.pick(["44", "22", "31", "79"])) \(nz(3, &r)) \(d(2, &r)) \(d(2, &r))", "0\(r.pick(["44", "22", "79"])) \(nz(3, &r)) \(d(2, &r)) \(d(2, &r))", "+41 (0)\(r.pick(["44", "79"])) \(nz(3, &r)) \(d(2, &r)) \(d(2, &r))"])
        case 13: number = r.pick(["+43 1 \(nz(3, &r)) \(d(2, &r)) \(d(2, &r))", "0664/\(nz(7, &r))", "+43 (0)664 \(nz(7, &r))", "0043 660 \(nz(7, &r))"])
        case 14: number = r.pick(["+32 2 \(nz(3, &r)) \(d(2, &r)) \(d(2, &r))", "04\(r.int(70...99)) \(d(2, &r)) \(d(2, &r)) \(d(2, &r))", "+32 (0)4\(r.int(70...99)) \(d(2, &r)) \(d(2, &r)) \(d(2, &r))", "02/\(nz(3, &r)).\(d(2, &r)).\(d(2, &r))"])
        case 15: number = r.pick(["+46 8-\(nz(3, &r)) \(d(2, &r)) \(d(2, &r))", "07\(r.int(0...9))-\(nz(3, &r)) \(d(2, &r)) \(d(2, &r))", "+45 \(nz(2, &r)) \(d(2, &r)) \(d(2, &r)) \(d(2, &r))", "+47 \(r.pick(["4", "9"]))\(d(2, &r)) \(d(2, &r)) \(d(3, &r))"])
        case 16: number = r.pick(["+48 \(r.int(5...8))\(d(2, &r)) \(d(3, &r)) \(d(3, &r))", "+48 22 \(nz(3, &r)) \(d(2, &r)) \(d(2, &r))", "+353 (0)8\(r.pick(["3", "5", "6", "7"])) \(d(3, &r)) \(d(4, &r))", "+353 1 \(nz(3, &r)) \(d(4, &r))"])
        default: number = r.pick(["+1\(area)\(ex)\(d(4, &r))", "+44\(r.int(1...9))\(d(9, &r))", "+49\(r.int(1...9))\(d(9, &r))", "+33\(r.int(1...7))\(d(8, &r))", "+34\(r.pick(["6", "9"]))\(d(8, &r))", "+52 55 \(d(4, &r)) \(d(4, &r))", "+27 \(r.int(1...8))\(d(1, &r)) \(d(3, &r)) \(d(4, &r))"])
        }
        let ext = r.pick(["", "", "", "", "", " x\(r.int(10...999))", " ext.\(r.int(10...999))", " #\(r.int(10...999))", ";ext=\(r.int(10...999))", " ext: \(r.int(10...999))",
                          ", ext. \(r.int(10...99))", " (ext. \(r.int(10...999)))", " Durchwahl \(r.int(10...99))", " poste \(r.int(10...999))", " interno \(r.int(10...999))",
                          " Ext \(r.int(10...9999))", " extn \(r.int(10...999))", " - \(r.int(10...99))"])
        return number + ext
    }

    static let phoneLabels = ["Tel.", "Telefon", "Telefonnummer", "Rufnummer", "Handy", "Mobil", "Mob.", "Fon", "Téléphone", "Tél.", "Portable", "Teléfono",
                              "Tfno.", "Móvil", "Telefono", "Cellulare", "Cell.", "Telemóvel", "Telefone", "Celular", "Telefoonnummer", "Tel.nr.", "Mobiel",
                              "電話番号", "携帯電話", "TEL", "Phone", "Ph.", "Mobile", "Direct line", "Work phone", "Tlf.", "Puhelin", "Telefonnr."]

    static let phonesAsWritten = StructuredSecret("phone-as-written", .pii, repeats: 8, tuning: [
        { r in let p = writtenPhone(&r); return Placement(.text, "email", "Mit freundlichen Grüßen\n\(r.pick(SecretShape.givenNames).capitalized) \(r.pick(SecretShape.familyNames).capitalized)\n\(r.pick(phoneLabels)): \(p)\nwww.example.com", secrets: [p]) },
        { r in let p = writtenPhone(&r); return Placement(.text, "email", "--\n\(r.pick(SecretShape.givenNames).capitalized) | Sales\n\(r.pick(["T", "M", "P", "Tel", "Mob"])) \(p) | \(r.pick(["E", "W"])) example.com", secrets: [p]) },
        { r in let p = writtenPhone(&r); return Placement(.text, "csv", "name,company,phone,city\n\(r.pick(SecretShape.givenNames).capitalized) \(r.pick(SecretShape.familyNames).capitalized),Acme,\"\(p)\",\(r.pick(["Berlin", "Lyon", "Porto"]))\n", secrets: [p]) },
        { r in let p = writtenPhone(&r); return Placement(.json, "json", #"{"customer":{"id":\#(r.int(1000...99999)),"\#(r.pick(["phoneNumber", "telefono", "telefone", "telefoon", "tel", "mobile"]))":"\#(p)"}}"#, secrets: [p]) },
        { r in let p = writtenPhone(&r); return Placement(.text, "prose", "\(r.pick(["Bitte rufen Sie mich unter", "Please call me on", "Llámeme al", "Mi può chiamare al", "Pode ligar-me para o"])) \(p) \(r.pick(["an.", "tomorrow.", "por la tarde.", "domani.", "amanhã."]))", secrets: [p]) },
        { r in let p = writtenPhone(&r); return Placement(.text, "sql", "INSERT INTO contacts (name, phone) VALUES ('\(r.pick(SecretShape.givenNames).capitalized)', '\(p)');", secrets: [p]) },
        { r in let p = writtenPhone(&r); return Placement(.text, "vcard", "TEL;TYPE=\(r.pick(["work,voice", "cell", "CELL", "HOME"])):\(p)", secrets: [p]) },
        { r in let p = writtenPhone(&r); return Placement(.text, "html", "<a href=\"tel:\(p.filter { $0.isNumber || $0 == "+" })\">\(p)</a>", secrets: [p, p.filter { $0.isNumber || $0 == "+" }]) },
    ], heldOut: [])

    static let phonesInForms = StructuredSecret("phone-in-form", .pii, repeats: 8, tuning: [
        { r in let p = writtenPhone(&r); return Placement(.text, "form", "Name: \(r.pick(SecretShape.givenNames).capitalized) \(r.pick(SecretShape.familyNames).capitalized)\n\(r.pick(["Geburtsdatum", "Date de naissance", "Fecha de nacimiento", "Data di nascita", "Data de nascimento", "Geboortedatum"])): \(r.int(1...28)).\(r.int(1...12)).19\(r.int(50...99))\n\(r.pick(phoneLabels)): \(p)\n", secrets: [p]) },
        { r in let p = writtenPhone(&r); return Placement(.text, "html", "<tr><th>\(r.pick(phoneLabels))</th><td>\(p)</td></tr>", secrets: [p]) },
        { r in let p = writtenPhone(&r); return Placement(.text, "form", "\(r.pick(["氏名", "名前"]))：\(r.pick(["山田 太郎", "佐藤 花子"]))\n\(r.pick(["電話番号", "携帯電話", "TEL"]))：\(p)\n", secrets: [p]) },
        { r in let p = writtenPhone(&r); return Placement(.text, "yaml", "contact:\n  \(r.pick(["telefon", "telephone", "telefono", "telefone", "telefoonnummer", "handynummer", "rufnummer"])): \"\(p)\"\n", secrets: [p]) },
    ], heldOut: [])

    // MARK: Identity documents and tax numbers in forms of other languages

    static func passportValue(_ r: inout SplitMix64) -> String {
        r.pick([SecretShape.nonZeroLead(&r, 9), r.string(.upper, 1) + r.string(.digits, 8), r.string(Alphabet("CFGHJKLMNPRTVWXYZ"), 1) + r.string(Alphabet("CFGHJKLMNPRTVWXYZ0123456789"), 8),
                "\(r.string(.digits, 2))\(r.string(.upper, 2))\(r.string(.digits, 5))", "\(r.string(.upper, 3))\(r.string(.digits, 6))", "\(r.string(.upper, 2))\(r.string(.digits, 7))"])
    }

    /// A German tax ID: 11 digits, the last an ISO 7064 MOD 11,10 check digit.
    static func steuerID(_ r: inout SplitMix64) -> String {
        let payload = SecretShape.nonZeroLead(&r, 10)
        var product = 10
        for c in payload {
            var sum = (c.wholeNumberValue! + product) % 10
            if sum == 0 { sum = 10 }
            product = (sum * 2) % 11
        }
        let check = 11 - product
        return payload + String(check == 10 ? 0 : check)
    }

    static let identityInForms = StructuredSecret("id-in-form", .pii, repeats: 8, tuning: [
        { r in let v = passportValue(&r); return Placement(.text, "form", "\(r.pick(["Reisepassnummer", "Pass-Nr.", "N° de passeport", "Número de pasaporte", "Nº pasaporte", "Numero di passaporto", "N. passaporto", "Número do passaporte", "Paspoortnummer", "旅券番号", "パスポート番号", "Passport No."])): \(v)\n\(r.pick(["Ausstellungsdatum", "Date de délivrance", "Fecha de expedición", "Data di rilascio"])): \(r.int(1...28)).\(r.int(1...12)).20\(r.int(15...25))", secrets: [v]) },
        { r in let v = passportValue(&r); return Placement(.json, "json", #"{"traveller":{"name":"\#(r.pick(SecretShape.givenNames).capitalized)","\#(r.pick(["passportNumber", "passport_no", "numeroPasaporte", "reisepassnummer", "numeroPasseport"]))":"\#(v)","nationality":"\#(r.pick(["DE", "FR", "ES", "IT"]))"}}"#, secrets: [v]) },
        { r in
            let (label, index) = r.pick([("BSN", 6), ("Burgerservicenummer", 6), ("Aadhaar-Nr.", 7), ("Codice fiscale", 4), ("NIF", 5), ("DNI", 5), ("Nº CPF", 9), ("CPF", 9), ("PAN", 8), ("Steuer-ID", -1), ("Steuerliche Identifikationsnummer", -1)])
            let v = index < 0 ? steuerID(&r) : SecretShape.identityDocuments[index].value(&r)
            return Placement(.text, "form", "\(label)\(r.pick([":", "：", " -", " Nr.", ""])) \(v)", secrets: [v])
        },
        { r in let (a, g, s) = SecretShape.ssnParts(&r); let v = "\(a)-\(g)-\(s)"; return Placement(.text, "form", "Applicant: \(r.pick(SecretShape.givenNames).capitalized)\nDate of birth: 19\(r.int(50...99))-0\(r.int(1...9))-1\(r.int(0...9))\nSSN: \(v)\n", secrets: [v]) },
    ], heldOut: [])

    // MARK: Cards and IBANs in invoices and payment forms of other languages

    static let paymentInForms = StructuredSecret("payment-in-form", .financial, repeats: 8, tuning: [
        { r in let i = SecretShape.iban(&r); let v = r.chance(0.5) ? i : SecretShape.groupedIBAN(i); return Placement(.text, "invoice", "\(r.pick(["Bitte überweisen Sie den Betrag innerhalb von 14 Tagen auf folgendes Konto:", "Merci de régler par virement sur le compte suivant :", "Realice la transferencia a la siguiente cuenta:", "Si prega di effettuare il bonifico sul conto:"]))\n\(r.pick(["IBAN", "IBAN:", "Kontonummer (IBAN):", "N° IBAN :"])) \(v)\nBIC: \(r.pick(["DEUTDEFF", "BNPAFRPP", "CAIXESBB", "BCITITMM"]))", secrets: [v]) },
        { r in let c = card(&r); return Placement(.text, "form", "\(r.pick(["Kartennummer", "Numéro de carte", "Número de tarjeta", "Numero di carta", "Número do cartão", "Kaartnummer", "カード番号"])): \(c.pan)\n\(r.pick(["Prüfnummer", "Cryptogramme", "Código de seguridad", "Codice di sicurezza", "Código de segurança", "Beveiligingscode", "セキュリティコード"])): \(c.cvc)\n\(r.pick(["Gültig bis", "Date d'expiration", "Fecha de caducidad", "Scadenza", "Validade", "Vervaldatum", "有効期限"])): \(c.expiry)", secrets: [c.pan, c.cvc, c.expiry]) },
        { r in let c = card(&r); return Placement(.text, "prose", "Hi, please charge my card \(c.pan) (exp \(c.expiry), CVC \(c.cvc)) for invoice #\(r.int(1000...9999)). Thanks!", secrets: [c.pan, c.cvc, c.expiry]) },
        { r in let c = card(&r); return Placement(.text, "text", "ORDER #\(r.int(10000...99999))\nCard: \(c.pan)   CVN \(c.cvc)   Valid thru \(c.expiry)\nAmount: \(r.int(10...999)).\(r.string(.digits, 2)) EUR", secrets: [c.pan, c.cvc, c.expiry]) },
        { r in let i = SecretShape.iban(&r); return Placement(.text, "csv", "Name;IBAN;Betrag\n\(r.pick(SecretShape.familyNames).capitalized);\(i);\(r.int(10...999)),\(r.string(.digits, 2))\n", secrets: [i]) },
    ], heldOut: [])
}

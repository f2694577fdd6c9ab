"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
require("reflect-metadata");
const common_1 = require("@nestjs/common");
const app_factory_1 = require("./app.factory");
const config_1 = require("./config");
async function main() {
    const config = (0, config_1.loadConfig)();
    const app = await (0, app_factory_1.createApp)(config);
    await (0, app_factory_1.prepareDatabase)(app, config);
    await app.listen(config.port, process.env.HOST ?? '0.0.0.0');
    new common_1.Logger('Gestar').log(`API escuchando en http://localhost:${config.port}/api`);
}
main().catch((err) => {
    console.error(err);
    process.exit(1);
});
//# sourceMappingURL=main.js.map
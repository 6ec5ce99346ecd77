/** Integration tests run the engine in-process: plug its port in, as src/boot.ts does for the server. */
import { wireApp } from "@/wiring";

wireApp();

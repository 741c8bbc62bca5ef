// What an application's jest setup file (setupFilesAfterEnv) holds to use the matchers.
import 'standin/jest';
